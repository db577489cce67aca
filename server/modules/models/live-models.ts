/**
 * The model files the server runs on, changeable while it runs (issue 22, "Live files"). `reload()` reads the
 * models directory again (the watcher calls it, debounced, after a save) and applies what changed:
 * - a model file that passes the model check (check-model.ts, clashes with the others included) and whose
 *   table can follow it without losing data (model-table-plan.ts, the same plan as at start) takes effect:
 *   its table is created or changed, its permission codes are registered, the shared model list holds the new
 *   version (page checks, read guards, exports read it), and its routes are served (live-model-routes.ts);
 * - a file that fails the check, or whose table change would lose data (dropping or retyping a column with
 *   data), takes no effect: the last good version stays in service and the file is marked `broken` with every
 *   problem (file, line, pointer, problem, what to do) until it is fixed; the other files still apply;
 * - a removed file's model leaves the list (its table and rows stay: dropping data takes a migration).
 * Every reload that changed something bumps `version` and is told to the listeners (the log, open browsers).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { modelKey } from '../../../renderer/schema/model.ts'
import { registerPermissionCodes } from '../../bootstrap.ts'
import { coverNewTables } from '../../db/notify-watch.ts'
import type { Db } from '../../db/schema.ts'
import { seedDataDir, seedReferences } from '../../seed/data.ts'
import { behaviourProblems, modelFileKeys } from './behaviour-check.ts'
import { BehaviourIndex, withBehaviour } from './behaviour.ts'
import { readModels } from './load-models.ts'
import { formatProblem, type ModelProblem } from './model-errors.ts'
import { applyModelTablePlan } from './model-table-apply.ts'
import { readModelTablesFacts } from './model-table-facts.ts'
import { planModelTable, refusedSteps } from './model-table-plan.ts'
import { registerDocuments } from './model-documents.ts'

/** What one reload did, for the log and the open browsers. */
export interface ModelChange {
  version: number
  /** Model keys (`wms/carrier`) whose new version took effect (created or changed). */
  applied: string[]
  /** Model keys whose file was removed. */
  removed: string[]
  /** Files that took no effect, each with its problems (the last good version, if any, stays). */
  refused: Array<{ file: string; key: string; problems: ModelProblem[] }>
  /** Statements run on the database (create table, add column…). */
  statements: string[]
}

const shape = (model: ModelSchema) => JSON.stringify(model)

export class LiveModels {
  /** Bumped by every reload that applied or removed a model. */
  version = 0
  /** Whether the directory is watched (config.liveSchemas). */
  watching = false
  /** Files whose last save took no effect, by model key, with why (cleared when the file applies). */
  readonly broken = new Map<string, { file: string; problems: ModelProblem[] }>()
  /** Keys of the models whose routes the start did not mount for this version (new or changed since). */
  readonly changedSinceStart = new Set<string>()
  /** Models whose file was removed while the server runs, by key (their routes answer 404 saying so). */
  readonly removedSinceStart = new Map<string, ModelSchema>()
  private readonly applied = new Map<string, string>()
  private listeners = new Set<(change: ModelChange) => void | Promise<void>>()
  /** Reloads run one after another (a save during a reload is read by the next one). */
  private queue: Promise<unknown> = Promise.resolve()

  /**
   * @param models the models the app was built with; changed in place, so every module holding the array (page
   *   checks, read guards, exports) sees the current models
   * @param dir the models directory
   * @param broken files refused at start (the server started without them), by model key
   * @param behaviour the app's model behaviour: checked against every reload and bound to the models it takes
   * @param seedDir the seed folder whose value sets and code rules the models may name (config.seedDataDir)
   */
  constructor(
    readonly models: ModelSchema[],
    private readonly db: Db,
    readonly dir: string,
    broken: Array<{ file: string; key: string; problems: ModelProblem[] }> = [],
    private readonly behaviour: BehaviourIndex = new BehaviourIndex([]),
    private readonly seedDir: string = seedDataDir,
  ) {
    for (const model of models) this.applied.set(modelKey(model), shape(model))
    for (const { key, file, problems } of broken) this.broken.set(key, { file, problems })
  }

  byKey(key: string): ModelSchema | undefined {
    return this.models.find((model) => modelKey(model) === key)
  }

  /** Hears every reload that changed something (awaited before the next reload starts). */
  onChange(listener: (change: ModelChange) => void | Promise<void>): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** Reads every model file again and applies what changed (see the module comment). */
  reload(): Promise<ModelChange> {
    const run = this.queue.then(() => this.apply())
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Settles when no reload is under way (the app's close waits for it). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined)
  }

  private async apply(): Promise<ModelChange> {
    const { loaded, refused } = readModels(this.dir, seedReferences(this.seedDir))
    const change: ModelChange = {
      version: this.version,
      applied: [],
      removed: [],
      refused: [],
      statements: [],
    }
    const refusedKeys = new Set(refused.map((entry) => entry.key))
    for (const entry of refused) change.refused.push(entry)

    const candidates = loaded.filter(({ model }) => this.applied.get(modelKey(model)) !== shape(model))
    // Tables first: a change that would lose data is refused with the plan's reason (what to do instead).
    const facts = await readModelTablesFacts(
      this.db,
      candidates.map((entry) => entry.model),
    )
    const plans = candidates.map((entry) => ({
      entry,
      plan: planModelTable(entry.model, facts.get(entry.model)!),
    }))
    const taken = plans.filter(({ entry, plan }) => {
      const steps = refusedSteps(plan)
      if (!steps.length) return true
      change.refused.push({
        file: entry.file,
        key: modelKey(entry.model),
        problems: steps.map((step) => ({
          file: entry.file,
          pointer: pointerOf(entry.model, step.target),
          ...placeOf(entry.file, pointerOf(entry.model, step.target)),
          message: `the table cannot follow this change without losing data: ${step.why}`,
          fix: 'keep the field as it was and add a new field for the new meaning, or write a migration (server/migrations/) that moves the data, then save again',
        })),
      })
      return false
    })

    // The models as they would be: the taken versions, the others as before, the removed ones gone.
    const present = modelFileKeys(this.dir)
    const next = new Map(this.models.map((model) => [modelKey(model), model]))
    for (const { entry } of taken) next.set(modelKey(entry.model), entry.model)
    const removed = [...next.keys()].filter((key) => !present.has(key))
    for (const key of removed) next.delete(key)
    // Every entry of the app's behaviour list still finds its model and actions (behaviour-check.ts).
    const behaviour = behaviourProblems(this.behaviour.list, [...next.values()], present)
    if (behaviour.length) {
      for (const { entry } of taken)
        change.refused.push({
          file: entry.file,
          key: modelKey(entry.model),
          problems: behaviour.map((message) => ({
            file: entry.file,
            pointer: '',
            message,
            fix: 'keep the model key and actions the server code names, or change that code first',
          })),
        })
      taken.length = 0
      removed.length = 0
    }

    if (taken.length) {
      change.statements = await applyModelTablePlan(
        this.db,
        taken.map(({ plan }) => plan),
      )
      if (change.statements.length) await coverNewTables(this.db)
      await registerPermissionCodes(
        this.db,
        taken.map(({ entry }) => entry.model),
        [],
      )
    }
    for (const { entry } of taken) {
      const key = modelKey(entry.model)
      const index = this.models.findIndex((model) => modelKey(model) === key)
      // the app's copy, carrying its behaviour like the models it started with
      const model = withBehaviour(entry.model, this.behaviour)
      if (index >= 0) this.models[index] = model
      else this.models.push(model)
      this.applied.set(key, shape(entry.model))
      this.changedSinceStart.add(key)
      this.removedSinceStart.delete(key)
      change.applied.push(key)
    }
    for (const key of removed) {
      const index = this.models.findIndex((model) => modelKey(model) === key)
      if (index >= 0) this.removedSinceStart.set(key, this.models.splice(index, 1)[0]!)
      this.applied.delete(key)
      this.changedSinceStart.delete(key)
      change.removed.push(key)
    }
    if (taken.length || removed.length) registerDocuments(this.models)

    const stillBroken = new Set(change.refused.map((entry) => entry.key))
    for (const key of [...this.broken.keys()])
      if (!stillBroken.has(key) && !refusedKeys.has(key)) this.broken.delete(key)
    const news = change.refused.filter((entry) => {
      const before = this.broken.get(entry.key)
      return !before || JSON.stringify(before.problems) !== JSON.stringify(entry.problems)
    })
    for (const entry of change.refused)
      this.broken.set(entry.key, { file: entry.file, problems: entry.problems })
    change.refused = news
    if (!change.applied.length && !change.removed.length && !news.length) return change
    if (change.applied.length || change.removed.length) this.version += 1
    change.version = this.version
    for (const listener of this.listeners) await listener(change)
    return change
  }
}

/** The pointer of a field (or the model) a table step is about, for the message. */
function pointerOf(model: ModelSchema, target: string): string {
  const index = model.fields.findIndex((field) => field.name === target)
  return index >= 0 ? `/fields/${index}` : ''
}

// json-source-map ships no types; this is the part of its API used here (as in load-models.ts).
const { parse: parseWithPointers } = createRequire(import.meta.url)('json-source-map') as {
  parse(text: string): {
    pointers: Record<
      string,
      { key?: { line: number; column: number }; value: { line: number; column: number } }
    >
  }
}

/** Line and column of `pointer` in the model file (1-based), when the file still reads. */
function placeOf(file: string, pointer: string): { line?: number; column?: number } {
  try {
    const at = parseWithPointers(readFileSync(resolve(file), 'utf8')).pointers[pointer]
    const place = at?.key ?? at?.value
    return place ? { line: place.line + 1, column: place.column + 1 } : {}
  } catch {
    return {}
  }
}

/** One line per problem, for the log. */
export const describeRefusal = (problems: readonly ModelProblem[]) => problems.map(formatProblem).join('\n')
