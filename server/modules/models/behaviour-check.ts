import { existsSync, readdirSync } from 'node:fs'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { nearest } from '../../../renderer/schema/suggest.ts'
import type { ModelBehaviour } from './behaviour.ts'

/** What one entry of the list attaches, for the messages. */
const kindsOf = (entry: ModelBehaviour) =>
  [
    entry.transitions && 'transition effects',
    entry.writeGuards?.length && 'write guards',
    entry.scope && 'a row scope',
    entry.beforeWrite && 'a write hook',
  ]
    .filter(Boolean)
    .join(', ') || 'nothing'

/**
 * What is wrong with each entry of the behaviour list that names a model key or action no model file declares.
 * The key is the model file's name (`wms/outbound-order`, as a page's dataSource.model and `modelKey` name it);
 * the `<service>/<entity>` spelling (`wms/outboundOrder`) is refused with the file key. A key whose model file
 * exists but was refused at load (its problems are reported there, and the server runs without it) is not a
 * problem here: `modelFiles` lists every file's key, loaded or not.
 */
export function behaviourProblems(
  list: readonly ModelBehaviour[],
  models: readonly ModelSchema[],
  modelFiles: ReadonlySet<string>,
): string[] {
  const byKey = new Map(models.map((model) => [modelKey(model), model]))
  const problems: string[] = []
  for (const entry of list) {
    const { model: key, at } = entry
    const where = `${at ? `${at}: ` : ''}behaviour of '${key}' (${kindsOf(entry)})`
    const model = byKey.get(key)
    if (!model) {
      if (modelFiles.has(key)) continue // refused at load
      const [service = '', entity = ''] = key.split('/')
      const fileKey = modelKey({ service, entity })
      const near = byKey.has(fileKey) ? fileKey : nearest(key, byKey.keys())
      problems.push(
        `${where}: no model file is named '${key}.model.json'` +
          (near
            ? ` (did you mean '${near}'? a model's key is its file's name, ${near}.model.json)`
            : `: name a model by its file under schemas/models, e.g. 'wms/outbound-order'`) +
          ', or the behaviour never runs.',
      )
      continue
    }
    const actions = model.lifecycle?.transitions.map((transition) => transition.action) ?? []
    for (const action of Object.keys(entry.transitions ?? {})) {
      if (actions.includes(action)) continue
      const file = `${key}.model.json`
      const near = nearest(action, actions)
      problems.push(
        actions.length
          ? `${where}: ${file} has no transition '${action}' (${near ? `did you mean '${near}'?` : `its actions: ${actions.join(', ')}`}), so the effect would never run.`
          : `${where}: ${file} has no lifecycle, so the effect of '${action}' would never run: add the transition to the model file or remove the effect.`,
      )
    }
  }
  return problems
}

/** The key of every model file under `modelsDir` (`wms/outbound-order`), loaded or refused. */
export function modelFileKeys(modelsDir: string): Set<string> {
  if (!existsSync(modelsDir)) return new Set()
  return new Set(
    readdirSync(modelsDir, { recursive: true, encoding: 'utf8' })
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => file.endsWith('.model.json'))
      .map((file) => file.slice(0, -'.model.json'.length)),
  )
}

/** Stops the start when server code names a model or action that does not exist (issue 20). */
export class ModelBehaviourError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The model behaviour list names ${problems.length} model key(s) or action(s) that no model file declares; ` +
        `correct the key (or the model file) and start again:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    )
    this.name = 'ModelBehaviourError'
  }
}

/** Checks the app's behaviour list against the loaded models, once, before buildApp registers anything. */
export function checkModelBehaviour(
  list: readonly ModelBehaviour[],
  models: readonly ModelSchema[],
  modelsDir: string,
): void {
  const problems = behaviourProblems(list, models, modelFileKeys(modelsDir))
  if (problems.length) throw new ModelBehaviourError(problems)
}
