/**
 * Tells "the database is not there" (stopped, restarting, unreachable, too slow to answer) from a real
 * query error, so the server can answer 503 "try again shortly" instead of a 500 or a hung request.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** SQLSTATEs of a server going away or not yet accepting: admin/crash shutdown, starting up, too many clients. */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** node-postgres reports a dropped socket and its own timeouts with these messages and no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended',
]

/** True when the error (or one it wraps) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_GONE_STATES.has(code)) return true
    // Class 08: connection exception (connection failure, rejected connection…).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}

/** The 503 text every client sees while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached, try again shortly.'
