/**
 * Live sessions per device kind (issue 19, CORE-SES-06..11). A warehouse floor runs on desks and handhelds
 * at once: a supervisor keeps the desk open with a handheld in the pocket. The client declares its device
 * kind at sign-in (`device=handheld` in the sign-in address, carried by the form); the tenant's security
 * policy (hiam password-policy, `concurrentSessions`) says which of the user's older live sessions a new
 * sign-in ends (kickoff):
 * - `single`: every one (one live session per user, the platform's first behaviour);
 * - `per-device` (default): those of the same device kind (one desk and one handheld session per user);
 * - `unlimited`: none.
 * The declared kind is not proof of anything: it only chooses which earlier session is ended, so a false
 * claim (a desk browser saying `handheld`) keeps at most one more session alive, which `single` rules out.
 */
import { Type } from '@sinclair/typebox'

export const DEVICE_KINDS = ['desk', 'handheld'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]

export const CONCURRENT_SESSIONS = ['single', 'per-device', 'unlimited'] as const
export type ConcurrentSessions = (typeof CONCURRENT_SESSIONS)[number]
export const DEFAULT_CONCURRENT_SESSIONS: ConcurrentSessions = 'per-device'

/** `device` of the sign-in address and form: a bad value is a 400 naming the two kinds. */
export const DeviceKindSchema = Type.Unsafe<DeviceKind>({
  type: 'string',
  enum: [...DEVICE_KINDS],
  description: 'The kind of device signing in: desk (default) or handheld (a scanner of the floor).',
})

/** `concurrentSessions` of the tenant's policy: a bad value is a 400 naming the three values. */
export const ConcurrentSessionsSchema = Type.Unsafe<ConcurrentSessions>({
  type: 'string',
  enum: [...CONCURRENT_SESSIONS],
  description:
    'Live sessions a user keeps: single (a new sign-in ends every other), per-device (one per device kind, desk and handheld), unlimited.',
})

/** A stored value read back: anything else (older rows) counts as the default. */
export function concurrentSessionsOf(value: string | null | undefined): ConcurrentSessions {
  return (CONCURRENT_SESSIONS as readonly string[]).includes(value ?? '')
    ? (value as ConcurrentSessions)
    : DEFAULT_CONCURRENT_SESSIONS
}

/**
 * The device kinds whose live sessions a new sign-in on `device` ends under `policy`: all of them, its own
 * kind, or none (an empty list).
 */
export function kindsEndedBy(policy: ConcurrentSessions, device: DeviceKind): DeviceKind[] {
  if (policy === 'single') return [...DEVICE_KINDS]
  if (policy === 'per-device') return [device]
  return []
}
