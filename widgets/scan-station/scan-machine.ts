/**
 * The scan station's state machine, pure (no React, no requests): the lines to work through in walking order,
 * and what each scanned text does. A line is done when its quantity is scanned; each step checks the text
 * against the current line and either moves on (tone ok) or stays with an error saying what was expected
 * (tone error). The widget (ScanStation.tsx) draws the state and plays the tone; the server checks the
 * resulting `scans` again when the work is confirmed.
 *
 * The steps run in the order the page gives them, e.g. picking and counting
 *
 *   location ──(the line's location code)──▶ goods ──(one of its codes)──▶ quantity ──(≤ what is left)──▶
 *   next line's location (or goods, same location) … ▶ done
 *
 * receiving `goods → lot → expiry → quantity` (a line not tracked by lot or expiry skips that step), put-away `goods → location → quantity`. Without a `quantity` step each
 * goods scan counts one. When the goods come first, a goods scan of another unfinished line goes to that line
 * (goods arrive in any order); a finished line is followed by the next unfinished one. Options: `anyLocation` takes any location scanned (put-away: the suggestion may be
 * overridden, the server checks the place); `counting` takes the quantity found (0 or more, once per line,
 * never compared with the line's quantity: a blind count).
 */

import type { FoundDraft, FoundLine } from './scan-found'

/** One line of work, e.g. a picking task: where, what (any of its codes), how many. */
export interface ScanLine {
  /** The line's key, sent back with each scan (taskId). */
  key: number | string
  /** Where the work is (the suggested place with `anyLocation`); '' when the flow has no location. */
  location: string
  /** Codes a scan of the goods may read: barcode, goods code. */
  codes: string[]
  quantity: number
  /** What the picker is shown: goods name, lot. */
  title: string
  detail?: string
  /** false: the line takes no lot, its `lot` step is skipped (goods not tracked by lot). */
  lot?: boolean
  /** false: the line takes no expiry date, its `expiry` step is skipped (goods not tracked by expiry). */
  expiry?: boolean
}

export type ScanStep = 'location' | 'goods' | 'lot' | 'expiry' | 'quantity'

export interface ScanOptions {
  /** Any location scanned is taken (the server checks it), not only the line's. */
  anyLocation?: boolean
  /** The quantity is what was found: 0 or more, one entry per line, not compared with the line's quantity. */
  counting?: boolean
}

/** One accepted scan, as the confirmation sends it. */
export interface ScanRecord {
  key: number | string
  locationCode: string
  barcode: string
  quantity: number
  /** The lot scanned (a `lot` step). */
  lotCode?: string
  /** The lot's expiry date (an `expiry` step), YYYY-MM-DD. */
  expiryDate?: string
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
  options: ScanOptions
  /** Index of the current line; equal to lines.length when every line is done. */
  index: number
  step: ScanStep
  /** Quantity accepted so far per line index. */
  counted: number[]
  /** What was scanned for the current line so far (sent with its quantity). */
  locationCode?: string
  goodsCode?: string
  lotCode?: string
  expiryDate?: string
  scans: ScanRecord[]
  feedback?: ScanFeedback
  /** Found goods being recorded (counting with found goods, scan-found.ts). */
  found?: FoundDraft
  /** Lines of found goods added so far. */
  foundLines?: FoundLine[]
}

const round4 = (value: number) => Math.round(value * 10000) / 10000
const norm = (text: string) => text.trim().toUpperCase()

export function startScan(
  lines: ScanLine[],
  steps: ScanStep[] = ['location', 'goods', 'quantity'],
  options: ScanOptions = {},
): ScanState {
  return {
    lines,
    steps,
    options,
    index: 0,
    step: steps[0] ?? 'goods',
    counted: lines.map(() => 0),
    scans: [],
  }
}

export const isDone = (state: ScanState) => state.index >= state.lines.length

/** What is left to scan on the current line. */
export const leftOf = (state: ScanState) =>
  isDone(state) ? 0 : round4(state.lines[state.index]!.quantity - state.counted[state.index]!)

const error = (state: ScanState, text: string, vars: ScanFeedback['vars']): ScanState => ({
  ...state,
  feedback: { tone: 'error', text, vars },
})

/** Whether `line` takes `step` (a line without lot skips `lot`, one without expiry skips `expiry`). */
const takes = (line: ScanLine, step: ScanStep) =>
  (step !== 'lot' || line.lot !== false) && (step !== 'expiry' || line.expiry !== false)

/** The step after `step` for `line`, or undefined when `step` is its last. */
const after = (state: ScanState, line: ScanLine, step: ScanStep) =>
  state.steps.slice(state.steps.indexOf(step) + 1).find((next) => takes(line, next))

/** A date scanned or typed as YYYY-MM-DD or YYYYMMDD, as YYYY-MM-DD; undefined when it is no real date. */
export function scannedDate(text: string): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text)
  if (!match) return undefined
  const date = `${match[1]}-${match[2]}-${match[3]}`
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : undefined
}

/** Counts `quantity` on the current line; moves to the next line when it is full. */
function count(state: ScanState, quantity: number, line: ScanLine): ScanState {
  const counted = [...state.counted]
  counted[state.index] = round4(counted[state.index]! + quantity)
  const scans = [
    ...state.scans,
    {
      key: line.key,
      locationCode: state.locationCode ?? line.location,
      barcode: state.goodsCode ?? '',
      quantity,
      ...(state.lotCode ? { lotCode: state.lotCode } : {}),
      ...(state.expiryDate ? { expiryDate: state.expiryDate } : {}),
    },
  ]
  const full = state.options.counting || counted[state.index]! >= line.quantity
  const locationFirst = state.steps[0] === 'location'
  if (!full)
    return {
      ...state,
      counted,
      scans,
      // the rest of the line: the location scanned first stays, every other step again
      step: (locationFirst ? state.steps[1] : state.steps[0]) ?? 'goods',
      locationCode: locationFirst ? state.locationCode : undefined,
      goodsCode: undefined,
      lotCode: undefined,
      expiryDate: undefined,
      feedback: {
        tone: 'ok',
        text: 'scan.ok.partial',
        vars: { left: round4(line.quantity - counted[state.index]!) },
      },
    }
  const index = state.options.counting ? state.index + 1 : nextOpen(state.lines, counted, state.index)
  const next = state.lines[index]
  // the next line at the same location needs no second location scan
  const sameLocation = locationFirst && next && norm(next.location) === norm(state.locationCode ?? '')
  return {
    ...state,
    counted,
    scans,
    index,
    step: next ? ((sameLocation ? state.steps[1] : state.steps[0]) ?? 'goods') : state.step,
    locationCode: sameLocation ? state.locationCode : undefined,
    goodsCode: undefined,
    lotCode: undefined,
    expiryDate: undefined,
    feedback: next
      ? { tone: 'ok', text: 'scan.ok.line', vars: { title: line.title } }
      : { tone: 'ok', text: 'scan.ok.done', vars: { lines: state.lines.length } },
  }
}

/** The first line after `from` (wrapping round) not scanned in full; lines.length when there is none. */
function nextOpen(lines: ScanLine[], counted: number[], from: number): number {
  for (let step = 1; step <= lines.length; step++) {
    const index = (from + step) % lines.length
    if (counted[index]! < lines[index]!.quantity) return index
  }
  return lines.length
}

/** Moves past an accepted step: to the next one, or counts one unit when it was the line's last. */
const accepted = (state: ScanState, line: ScanLine, feedback: ScanFeedback): ScanState => {
  const next = after(state, line, state.step)
  return next ? { ...state, step: next, feedback } : count(state, 1, line)
}

/** The state after the text the scanner (or the keyboard) sent with Enter. */
export function scan(state: ScanState, input: string): ScanState {
  const text = input.trim()
  if (isDone(state)) return error(state, 'scan.error.done', {})
  if (!text) return error(state, 'scan.error.empty', {})
  const line = state.lines[state.index]!
  if (state.step === 'location') {
    if (!state.options.anyLocation && norm(text) !== norm(line.location))
      return error(state, 'scan.error.location', { scanned: text, expected: line.location })
    const location = state.options.anyLocation ? text : line.location
    return accepted({ ...state, locationCode: location }, line, {
      tone: 'ok',
      text: 'scan.ok.location',
      vars: { location },
    })
  }
  if (state.step === 'goods') {
    const reads = (item: ScanLine) => item.codes.some((code) => code && norm(code) === norm(text))
    // goods first: the goods of another unfinished line start that line
    const other =
      !reads(line) && state.step === state.steps[0] && !state.options.counting
        ? state.lines.findIndex((item, i) => reads(item) && state.counted[i]! < item.quantity)
        : -1
    if (other >= 0) return scan({ ...state, index: other }, text)
    if (!reads(line))
      return error(state, 'scan.error.goods', {
        scanned: text,
        expected: line.codes.filter(Boolean).join(' / '),
        title: line.title,
      })
    return accepted({ ...state, goodsCode: text }, line, {
      tone: 'ok',
      text: 'scan.ok.goods',
      vars: { title: line.title },
    })
  }
  if (state.step === 'lot')
    return accepted({ ...state, lotCode: text }, line, {
      tone: 'ok',
      text: 'scan.ok.lot',
      vars: { lot: text },
    })
  if (state.step === 'expiry') {
    const expiryDate = scannedDate(text)
    if (!expiryDate) return error(state, 'scan.error.expiry', { scanned: text })
    return accepted({ ...state, expiryDate }, line, {
      tone: 'ok',
      text: 'scan.ok.expiry',
      vars: { date: expiryDate },
    })
  }
  const quantity = Number(text.replace(',', '.'))
  const counting = state.options.counting
  if (!Number.isFinite(quantity) || quantity < 0 || (!counting && quantity === 0))
    return error(state, 'scan.error.quantity', { scanned: text })
  const left = leftOf(state)
  if (!counting && quantity > left) return error(state, 'scan.error.over', { scanned: quantity, left })
  return count(state, quantity, line)
}
