/** "Did you mean …?" for misspelled names, by edit distance (fastest-levenshtein). */
import { distance } from 'fastest-levenshtein'

/** The candidate closest to `name`, when it is close enough to be a likely typo. */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  const lower = name.toLowerCase()
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  const allowed = Math.max(2, Math.ceil(name.length / 3))
  return best !== undefined && bestDistance <= allowed ? best : undefined
}

/** `did you mean 'X'?` or, when nothing is close, the list of what is allowed. */
export function suggestName(name: string, candidates: readonly string[], what = 'allowed'): string {
  const near = nearest(name, candidates)
  if (near) return `did you mean '${near}'?`
  const list = candidates.length > 12 ? `${candidates.slice(0, 12).join(', ')}, …` : candidates.join(', ')
  return `${what}: ${list}`
}
