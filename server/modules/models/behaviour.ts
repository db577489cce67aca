/**
 * Model behaviour as values (issue 20): what server code adds to a model that its file cannot say — transition
 * effects, write guards, a row scope, a write hook — declared by each module as a list of `ModelBehaviour`
 * entries, collected in one list (server/model-behaviour.ts) and passed to buildApp, like tldraw's shape utils.
 * buildApp checks the list against the model files (behaviour-check.ts) and binds it to its own model objects
 * (`bindBehaviour`), so two apps in one process never share or double behaviour, and nothing is registered by
 * side effect.
 */
import { relative } from 'node:path'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import type { TransitionEffect } from './lifecycle.ts'
import type { RowScope } from './model-scope.ts'
import type { WriteGuard } from './write-guards.ts'
import type { WriteHook } from './write-hooks.ts'

export interface ModelBehaviour {
  /** The model file's key, its path under schemas/models without `.model.json`: `wms/outbound-order`. */
  model: string
  /**
   * Effects by lifecycle action, run inside the action's transaction before the status changes. Several entries
   * of one model may name one action: their effects run in list order.
   */
  transitions?: Readonly<Record<string, TransitionEffect>>
  /** Run in order before every generic create, update and delete (model-write.ts). */
  writeGuards?: readonly WriteGuard[]
  /** More conditions limiting the rows a restricted session sees and changes (model-scope.ts). */
  scope?: RowScope
  /** Values derived on every generic create and update, after the guards (write-hooks.ts). */
  beforeWrite?: WriteHook
  /** `file:line` of the declaration (set by `modelBehaviour`), named by the start check. */
  at?: string
}

/** The frames of this file are skipped: `at` is the declaring module. */
const HERE = /\/models\/behaviour\.ts/

function callerOf(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split('\n')
    .slice(1)
    .find((line) => !HERE.test(line))
  const location = frame?.match(/\(?(?:file:\/\/)?([^\s()]+):(\d+):\d+\)?$/)
  if (!location) return undefined
  const [, file = '', line] = location
  const path = relative(process.cwd(), file)
  return `${path.startsWith('..') ? file : path}:${line}`
}

/** One entry of a module's behaviour list, remembering where it is declared for the start check's message. */
export function modelBehaviour(entry: Omit<ModelBehaviour, 'at'>): ModelBehaviour {
  return { ...entry, at: callerOf(new Error().stack) }
}

/** The behaviour of one app, looked up by model file key. */
export class BehaviourIndex {
  private readonly byModel = new Map<string, ModelBehaviour[]>()
  /** The models last bound to this behaviour (`bindBehaviour`): the app's array, live models included. */
  models: readonly ModelSchema[] = []

  constructor(readonly list: readonly ModelBehaviour[]) {
    for (const entry of list) this.byModel.set(entry.model, [...(this.byModel.get(entry.model) ?? []), entry])
  }

  private of(model: Pick<ModelSchema, 'service' | 'entity'>): readonly ModelBehaviour[] {
    return this.byModel.get(modelKey(model)) ?? []
  }

  effects(model: ModelSchema, action: string): TransitionEffect[] {
    return this.of(model).flatMap((entry) => entry.transitions?.[action] ?? [])
  }

  writeGuards(model: ModelSchema): WriteGuard[] {
    return this.of(model).flatMap((entry) => entry.writeGuards ?? [])
  }

  scopes(model: ModelSchema): RowScope[] {
    return this.of(model).flatMap((entry) => entry.scope ?? [])
  }

  writeHooks(model: ModelSchema): WriteHook[] {
    return this.of(model).flatMap((entry) => entry.beforeWrite ?? [])
  }
}

const NO_BEHAVIOUR = new BehaviourIndex([])
/** A symbol key: JSON (page checks, the designer, live model shapes) never sees it. */
const BEHAVIOUR = Symbol('model behaviour')
type Bound = ModelSchema & { [BEHAVIOUR]?: BehaviourIndex }

/**
 * Copies of `models` that carry `behaviour`: the model engine (lifecycle.ts, model-write.ts, model-scope.ts)
 * reads a model's behaviour from the model object it is handed, so each app (and the seed) runs exactly the
 * list it was given. Copies, not the objects themselves: two apps built from one array keep their own lists.
 */
export function bindBehaviour(models: readonly ModelSchema[], behaviour: BehaviourIndex): ModelSchema[] {
  const bound = models.map((model) => withBehaviour(model, behaviour))
  behaviour.models = bound
  return bound
}

/**
 * A copy of one model carrying `behaviour`: for a model an effect reads from its file (dealer-orders.ts) and
 * hands to the engine, with the behaviour of the model the effect runs on (`behaviourOf(context.model)`).
 */
export const withBehaviour = (model: ModelSchema, behaviour: BehaviourIndex): ModelSchema =>
  ({ ...model, [BEHAVIOUR]: behaviour }) as Bound

/**
 * The models of the app `model` belongs to (its behaviour's binding): for a guard checking that a value names a
 * model (a data permission rule's model key). None for a model no app bound.
 */
export const modelsOf = (model: ModelSchema): readonly ModelSchema[] => behaviourOf(model).models

/** The behaviour bound to a model (none for a model no app or seed bound: it runs its file's rules only). */
export const behaviourOf = (model: ModelSchema): BehaviourIndex => (model as Bound)[BEHAVIOUR] ?? NO_BEHAVIOUR
