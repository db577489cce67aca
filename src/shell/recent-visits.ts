/**
 * Recently visited pages for the workplace, kept in localStorage per user (most recent first, at most 8).
 * Survives reloads and role switches; another user on the same browser has their own list.
 */
export interface Visit {
  path: string
  title: string
  /** Epoch milliseconds of the last visit. */
  at: number
}

export const MAX_RECENT_VISITS = 8

function storageKey(userId: number): string {
  return `wms.recentVisits.${userId}`
}

export function readRecentVisits(userId: number): Visit[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]') as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (v): v is Visit =>
        typeof v?.path === 'string' && typeof v?.title === 'string' && typeof v?.at === 'number',
    )
  } catch {
    return [] // a damaged entry only costs the list, never the page
  }
}

/** Moves `path` to the front of the user's list. */
export function recordVisit(userId: number, visit: { path: string; title: string }, now = Date.now()): void {
  const rest = readRecentVisits(userId).filter((v) => v.path !== visit.path)
  const next = [{ ...visit, at: now }, ...rest].slice(0, MAX_RECENT_VISITS)
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(next))
  } catch {
    // storage full or disabled: recent visits are a convenience
  }
}
