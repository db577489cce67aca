import { relative } from 'node:path'

/**
 * Every model key (and action) server code attaches behaviour to — transition effects, write guards, row
 * scopes, write hooks — with the place that registered it. The registrations themselves stay where they are
 * (lifecycle.ts, write-guards.ts, model-scope.ts, write-hooks.ts); this list lets the start check them all
 * against the model files at once (behaviour-check.ts), since a misspelt key would otherwise be ignored.
 */
export interface BehaviourRegistration {
  kind: 'transition effect' | 'write guard' | 'row scope' | 'write hook'
  /** `<service>/<entity>` as the registration names it, e.g. `wms/outboundOrder`. */
  modelKey: string
  /** The lifecycle action, for a transition effect. */
  action?: string
  /** `file:line` of the code that registered it, when the stack tells. */
  at?: string
}

const registrations: BehaviourRegistration[] = []

/** The frames of the registering functions themselves are skipped: `at` is their caller. */
const REGISTERING = /\/models\/(behaviour-registry|lifecycle|write-guards|model-scope|write-hooks)\.ts/

function callerOf(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split('\n')
    .slice(1)
    .find((line) => !REGISTERING.test(line))
  const location = frame?.match(/\(?(?:file:\/\/)?([^\s()]+):(\d+):\d+\)?$/)
  if (!location) return undefined
  const [, file = '', line] = location
  const path = relative(process.cwd(), file)
  return `${path.startsWith('..') ? file : path}:${line}`
}

export function noteRegistration(registration: Omit<BehaviourRegistration, 'at'>): void {
  registrations.push({ ...registration, at: callerOf(new Error().stack) })
}

export const behaviourRegistrations = (): readonly BehaviourRegistration[] => registrations
