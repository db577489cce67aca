/**
 * The scan station's state machine, pure (no React, no requests): the lines to work through in walking order,
 * and what each scanned text does. A line is done when its quantity is scanned; each step checks the text
 * against the current line and either moves on (tone ok) or stays with an error saying what was expected
 * (tone error). The widget (ScanStation.tsx) draws the state and plays the tone; the server checks the
 * resulting `scans` again when the work is confirmed.
 *
 *   location ──(the line's location code)──▶ goods ──(one of its codes)──▶ quantity ──(≤ what is left)──▶
 *   next line's location (or goods, same location) … ▶ done
 *
 * Without a `quantity` step each goods scan counts one unit; without a `location` step the goods come first.
 */

/** One line of work, e.g. a picking task: where, what (any of its codes), how many. */
export interface ScanLine {
  /** The line's key, sent back with each scan (taskId). */
  key: number | string
  location: string
  /** Codes a scan of the goods may read: barcode, goods code. */
  codes: string[]
  quantity: number
  /** What the picker is shown: goods name, lot. */
  title: string
  detail?: string
}

export type ScanStep = 'location' | 'goods' | 'quantity'

/** One accepted scan, as the confirmation sends it. */
export interface ScanRecord {
  key: number | string
  locationCode: string
  barcode: string
  quantity: number
}

/** What the last input did: a text key of renderer/i18n/scan.texts.json and its values. */
export interface ScanFeedback {
  tone: 'ok' | 'error'
  text: string
  vars?: Record<string, string | number>
}

export interface ScanState {
  lines: ScanLine[]
  steps: ScanStep[]
  /** Index of the current line; equal to lines.length when every line is done. */
  index: number
  step: ScanStep
  /** Quantity accepted so far per line index. */
  counted: number[]
  /** The goods code scanned for the current line (sent with its quantity). */
  goodsCode?: string
  scans: ScanRecord[]
  feedback?: ScanFeedback
}

const round4 = (value: number) => Math.round(value * 10000) / 10000
const norm = (text: string) => text.trim().toUpperCase()

export function startScan(
  lines: ScanLine[],
  steps: ScanStep[] = ['location', 'goods', 'quantity'],
): ScanState {
  const first = steps.includes('location') ? 'location' : 'goods'
  return { lines, steps, index: 0, step: first, counted: lines.map(() => 0), scans: [] }
}

export const isDone = (state: ScanState) => state.index >= state.lines.length

/** What is left to scan on the current line. */
export const leftOf = (state: ScanState) =>
  isDone(state) ? 0 : round4(state.lines[state.index]!.quantity - state.counted[state.index]!)

const error = (state: ScanState, text: string, vars: ScanFeedback['vars']): ScanState => ({
  ...state,
  feedback: { tone: 'error', text, vars },
})

/** Counts `quantity` on the current line; moves to the next line when it is full. */
function count(state: ScanState, quantity: number, line: ScanLine): ScanState {
  const counted = [...state.counted]
  counted[state.index] = round4(counted[state.index]! + quantity)
  const scans = [
    ...state.scans,
    { key: line.key, locationCode: line.location, barcode: state.goodsCode ?? '', quantity },
  ]
  const full = counted[state.index]! >= line.quantity
  if (!full)
    return {
      ...state,
      counted,
      scans,
      step: 'goods',
      feedback: {
        tone: 'ok',
        text: 'scan.ok.partial',
        vars: { left: round4(line.quantity - counted[state.index]!) },
      },
    }
  const index = state.index + 1
  const next = state.lines[index]
  // the next line at the same location needs no second location scan
  const step: ScanStep =
    next && state.steps.includes('location') && norm(next.location) !== norm(line.location)
      ? 'location'
      : 'goods'
  return {
    ...state,
    counted,
    scans,
    index,
    step: next ? step : state.step,
    goodsCode: undefined,
    feedback: next
      ? { tone: 'ok', text: 'scan.ok.line', vars: { title: line.title } }
      : { tone: 'ok', text: 'scan.ok.done', vars: { lines: state.lines.length } },
  }
}

/** The state after the text the scanner (or the keyboard) sent with Enter. */
export function scan(state: ScanState, input: string): ScanState {
  const text = input.trim()
  if (isDone(state)) return error(state, 'scan.error.done', {})
  if (!text) return error(state, 'scan.error.empty', {})
  const line = state.lines[state.index]!
  if (state.step === 'location') {
    if (norm(text) !== norm(line.location))
      return error(state, 'scan.error.location', { scanned: text, expected: line.location })
    return {
      ...state,
      step: 'goods',
      feedback: { tone: 'ok', text: 'scan.ok.location', vars: { location: line.location } },
    }
  }
  if (state.step === 'goods') {
    if (!line.codes.some((code) => code && norm(code) === norm(text)))
      return error(state, 'scan.error.goods', {
        scanned: text,
        expected: line.codes.filter(Boolean).join(' / '),
        title: line.title,
      })
    const withGoods = { ...state, goodsCode: text }
    if (!state.steps.includes('quantity')) return count(withGoods, 1, line)
    return {
      ...withGoods,
      step: 'quantity',
      feedback: { tone: 'ok', text: 'scan.ok.goods', vars: { title: line.title } },
    }
  }
  const quantity = Number(text.replace(',', '.'))
  if (!Number.isFinite(quantity) || quantity <= 0)
    return error(state, 'scan.error.quantity', { scanned: text })
  const left = leftOf(state)
  if (quantity > left) return error(state, 'scan.error.over', { scanned: quantity, left })
  return count(state, quantity, line)
}
