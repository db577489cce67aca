/** The results table: each figure beside its budget, ratios against the baseline measured in the same run. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Figure {
  /** Measure number and name, e.g. "1 list page: last of 50 rows painted". */
  measure: string
  value: number
  unit: 'ms' | 'KB' | 'MB' | 's' | 'rows/s' | 'ratio'
  /** The same figure of the baseline, when there is one. */
  baseline?: number
  /** Budget on the value (or on value / baseline when `budgetOn` is 'ratio'). */
  budget?: number
  budgetOn?: 'value' | 'ratio'
  note?: string
}

const fmt = (n: number | undefined, unit = '') =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : `${n >= 100 ? n.toFixed(0) : n.toFixed(2)}${unit ? ` ${unit}` : ''}`

export function verdict(figure: Figure): 'ok' | 'OVER' | '' {
  if (figure.budget === undefined) return ''
  const measured = figure.budgetOn === 'ratio' ? figure.value / (figure.baseline ?? Number.NaN) : figure.value
  if (Number.isNaN(measured)) return 'OVER'
  return measured <= figure.budget ? 'ok' : 'OVER'
}

export function printTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const ratio = f.baseline ? f.value / f.baseline : undefined
    const budget =
      f.budget === undefined ? '' : f.budgetOn === 'ratio' ? `ratio ≤ ${f.budget}` : `≤ ${f.budget} ${f.unit}`
    return [
      f.measure,
      fmt(f.value, f.unit),
      fmt(f.baseline, f.baseline ? f.unit : ''),
      fmt(ratio),
      budget,
      verdict(f),
      f.note ?? '',
    ]
  })
  const header = ['measure', 'value', 'baseline', 'ratio', 'budget', '', 'note']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  const table = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
  console.log(`\n${table}\n`)
  return table
}

export function writeResults(figures: Figure[], dir = 'bench/results'): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  const machine = {
    node: process.version,
    platform: process.platform,
    cpus: globalThis.navigator?.hardwareConcurrency ?? 0,
  }
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), machine, figures }, null, 2))
  return file
}
