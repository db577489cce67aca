/**
 * Which pages stay mounted (PLAT-SHELL-12/13): at most `max` pages, the least recently shown leaves first,
 * the pinned home page never leaves. Plain data (the outlet keeps the React elements beside it), so the
 * eviction rule is tested on its own.
 */
export const KEEP_ALIVE_MAX = 10

export interface PageCache<T> {
  /** Shows `key` (adding or refreshing its value); returns the keys evicted to stay within `max`. */
  visit(key: string, value: T): string[]
  get(key: string): T | undefined
  drop(key: string): void
  /** Drops every key except those `keep` accepts (the pinned key always stays). */
  retain(keep: (key: string) => boolean): void
  /** Keys in first-mounted order, so mounted pages never change places in the DOM. */
  keys(): string[]
}

export function createPageCache<T>(pinnedKey: string | undefined, max = KEEP_ALIVE_MAX): PageCache<T> {
  const values = new Map<string, T>()
  // Least recently shown first.
  let recency: string[] = []

  const drop = (key: string) => {
    values.delete(key)
    recency = recency.filter((k) => k !== key)
  }
  return {
    visit(key, value) {
      values.set(key, value)
      recency = [...recency.filter((k) => k !== key), key]
      const evicted: string[] = []
      while (values.size > max) {
        const oldest = recency.find((k) => k !== pinnedKey && k !== key)
        if (oldest === undefined) break
        drop(oldest)
        evicted.push(oldest)
      }
      return evicted
    },
    get: (key) => values.get(key),
    drop(key) {
      if (key !== pinnedKey) drop(key)
    },
    retain(keep) {
      for (const key of [...values.keys()]) if (key !== pinnedKey && !keep(key)) drop(key)
    },
    keys: () => [...values.keys()],
  }
}

/**
 * Pages dropped from the cache when the user leaves them, so they load afresh next time (core §2, X-15): a
 * detail page left for its own list page, and the requisition-note handling page left for anything.
 */
export const DROP_ON_LEAVE_PATHS = ['/winv/requisitionNoteHandle']

/** True when leaving `from` for `to` (both pathnames) drops `from`'s cached page. */
export function dropsOnLeave(from: string, to: string, listPathOf: (detail: string) => string | undefined) {
  if (from === to) return false
  if (DROP_ON_LEAVE_PATHS.includes(from)) return true
  const list = listPathOf(from)
  return list !== undefined && list === to
}
