/**
 * A line diff of two texts (longest common subsequence), as the designer shows it before saving: the lines
 * kept, removed and added, in file order. Page files are a few hundred lines, so the quadratic table is small.
 */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added'
  text: string
  /** 1-based line in the old text (same, removed) or the new text (added). */
  line: number
}

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n')
  const b = after.split('\n')
  // common[i][j]: length of the common subsequence of a[i..] and b[j..]
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!)
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]!, line: i + 1 })
      i++
      j++
    } else if (i < a.length && (j >= b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      out.push({ kind: 'removed', text: a[i]!, line: i + 1 })
      i++
    } else {
      out.push({ kind: 'added', text: b[j]!, line: j + 1 })
      j++
    }
  }
  return out
}

/** Only the changed lines, as `-old` / `+new` (what tests and the summary compare). */
export const changedLines = (before: string, after: string): string[] =>
  lineDiff(before, after)
    .filter((l) => l.kind !== 'same')
    .map((l) => `${l.kind === 'added' ? '+' : '-'}${l.text}`)
