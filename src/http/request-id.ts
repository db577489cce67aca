/**
 * A random v4 UUID for the H-Request-Id header. `crypto.randomUUID` exists only in secure contexts
 * (https or localhost), so a plain-http deployment falls back to `getRandomValues`.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** GET parameters without null, undefined and '' (wire contract: cleaned before sending). */
export function stripEmptyParams(
  params: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!params) return undefined
  const kept = Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== '')
  return Object.fromEntries(kept)
}
