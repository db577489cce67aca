import { existsSync, readdirSync } from 'node:fs'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { nearest } from '../../../renderer/schema/suggest.ts'
import { behaviourRegistrations, type BehaviourRegistration } from './behaviour-registry.ts'

/** The key behaviour is registered and looked up under (lifecycle.ts, write-guards.ts): `<service>/<entity>`. */
export const behaviourKey = (model: Pick<ModelSchema, 'service' | 'entity'>) =>
  `${model.service}/${model.entity}`

/**
 * What is wrong with each registration that names a model key or action no model file declares. A key whose
 * model file exists but was refused at load (its problems are reported there, and the server runs without
 * it) is not a problem here: `modelFiles` lists every file's key (`wms/outbound-order`), loaded or not.
 */
export function behaviourProblems(
  registrations: readonly BehaviourRegistration[],
  models: readonly ModelSchema[],
  modelFiles: ReadonlySet<string>,
): string[] {
  const byKey = new Map(models.map((model) => [behaviourKey(model), model]))
  const loadedFiles = new Set(models.map((model) => modelKey(model)))
  const problems: string[] = []
  for (const registration of registrations) {
    const { kind, modelKey: key, action, at } = registration
    const where = `${at ? `${at}: ` : ''}${kind} of '${key}'${action ? ` action '${action}'` : ''}`
    const model = byKey.get(key)
    if (!model) {
      const [service = '', entity = ''] = key.split('/')
      const file = modelKey({ service, entity })
      if (modelFiles.has(file) && !loadedFiles.has(file)) continue // refused at load
      const near = nearest(key, byKey.keys())
      problems.push(
        `${where}: no model file declares '${key}'` +
          (near
            ? ` (did you mean '${near}', the model of ${modelKey(byKey.get(near)!)}.model.json?)`
            : `: name a model as '<service>/<entity>' of its model file`) +
          ', or the behaviour never runs.',
      )
      continue
    }
    if (kind !== 'transition effect' || !action) continue
    const actions = model.lifecycle?.transitions.map((transition) => transition.action) ?? []
    if (actions.includes(action)) continue
    const file = `${modelKey(model)}.model.json`
    const near = nearest(action, actions)
    problems.push(
      actions.length
        ? `${where}: ${file} has no transition '${action}' (${near ? `did you mean '${near}'?` : `its actions: ${actions.join(', ')}`}), so the effect would never run.`
        : `${where}: ${file} has no lifecycle, so the effect would never run: add the transition to the model file or remove the effect.`,
    )
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
      `Server code attaches behaviour to ${problems.length} model key(s) or action(s) that no model file declares; ` +
        `correct the key (or the model file) and start again:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    )
    this.name = 'ModelBehaviourError'
  }
}

/**
 * Checks every registered transition effect, write guard, row scope and write hook against the loaded models,
 * once, after all modules registered (the end of buildApp).
 */
export function checkModelBehaviour(models: readonly ModelSchema[], modelsDir: string): void {
  const problems = behaviourProblems(behaviourRegistrations(), models, modelFileKeys(modelsDir))
  if (problems.length) throw new ModelBehaviourError(problems)
}
