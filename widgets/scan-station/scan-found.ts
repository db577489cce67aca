/**
 * Found goods in a count (pure, beside scan-machine.ts): goods scanned at the location being counted that no
 * line there expects are not an error but a question, as SAP EWM's and Odoo's counting add an item found.
 *
 *   goods step ──(a code no line at this location reads)──▶ the widget looks the goods up ──▶
 *     none:  red "no goods has the code", back to the goods step
 *     found: ask "Not expected here: record as found?" ──(Enter / Y)──▶ lot ▶ expiry ▶ quantity (> 0) ▶ saving
 *                                                       └─(anything else)──▶ cancelled; the text is scanned as usual
 *   saving ──(the server added the line)──▶ a found line, back to the goods step of the current line
 *
 * The lot step is taken only for goods tracked by lot, the expiry step only for goods tracked by expiry. The
 * widget adds the line through the desk's route (POST stock-count-lines), whose rule decides what is accepted.
 */
import { scan, scannedDate, type ScanState } from './scan-machine'

/** The goods a scanned code names, as the goods list describes them. */
export interface FoundGoods {
  title: string
  lot: boolean
  expiry: boolean
}

export type FoundStep = 'confirm' | 'lot' | 'expiry' | 'quantity' | 'saving'

/** Found goods being recorded: what was scanned where, and what has been asked so far. */
export interface FoundDraft extends FoundGoods {
  code: string
  locationCode: string
  step: FoundStep
  lotCode?: string
  expiryDate?: string
  quantity?: number
}

/** A line of found goods the server added. */
export interface FoundLine {
  key: number | string
  location: string
  title: string
  quantity: number
}

const norm = (text: string) => text.trim().toUpperCase()
const YES = new Set(['', 'Y', 'YES', 'OK', '是'])
const NO = new Set(['N', 'NO', '否'])

/**
 * Whether `text`, scanned at the goods step of a count, names goods no line at the scanned location expects
 * (the caller then looks them up and asks).
 */
export function unexpectedGoods(state: ScanState, text: string): boolean {
  if (!state.options.counting || state.step !== 'goods' || !text.trim()) return false
  const here = norm(state.locationCode ?? state.lines[state.index]?.location ?? '')
  return !state.lines.some(
    (line) => norm(line.location) === here && line.codes.some((code) => code && norm(code) === norm(text)),
  )
}

/** After the look-up of `code`: refused when no goods has it, else the question whether to record them. */
export function askFound(state: ScanState, code: string, goods: FoundGoods | undefined): ScanState {
  const locationCode = state.locationCode ?? state.lines[state.index]?.location ?? ''
  if (!goods)
    return {
      ...state,
      found: undefined,
      feedback: { tone: 'error', text: 'scan.found.unknown', vars: { scanned: code } },
    }
  return {
    ...state,
    found: { ...goods, code, locationCode, step: 'confirm' },
    feedback: { tone: 'error', text: 'scan.found.ask', vars: { title: goods.title, location: locationCode } },
  }
}

const nextStep = (draft: FoundDraft, from: FoundStep): FoundStep => {
  const order: FoundStep[] = ['confirm', 'lot', 'expiry', 'quantity']
  return order
    .slice(order.indexOf(from) + 1)
    .find((step) => (step !== 'lot' || draft.lot) && (step !== 'expiry' || draft.expiry))!
}

/** The state after `input` while found goods are being recorded (state.found set). */
export function foundInput(state: ScanState, input: string): ScanState {
  const draft = state.found
  if (!draft || draft.step === 'saving') return state
  const text = input.trim()
  const to = (next: Partial<FoundDraft>, feedback: ScanState['feedback']) => ({
    ...state,
    found: { ...draft, ...next },
    feedback,
  })
  if (draft.step === 'confirm') {
    if (YES.has(norm(text)))
      return to(
        { step: nextStep(draft, 'confirm') },
        { tone: 'ok', text: 'scan.found.yes', vars: { title: draft.title } },
      )
    const cancelled = { ...state, found: undefined }
    if (NO.has(norm(text)))
      return { ...cancelled, feedback: { tone: 'ok', text: 'scan.found.cancelled', vars: {} } }
    return scan(cancelled, text)
  }
  if (!text) return { ...state, feedback: { tone: 'error', text: 'scan.error.empty', vars: {} } }
  if (draft.step === 'lot')
    return to(
      { lotCode: text, step: nextStep(draft, 'lot') },
      { tone: 'ok', text: 'scan.ok.lot', vars: { lot: text } },
    )
  if (draft.step === 'expiry') {
    const expiryDate = scannedDate(text)
    if (!expiryDate)
      return { ...state, feedback: { tone: 'error', text: 'scan.error.expiry', vars: { scanned: text } } }
    return to(
      { expiryDate, step: 'quantity' },
      { tone: 'ok', text: 'scan.ok.expiry', vars: { date: expiryDate } },
    )
  }
  const quantity = Number(text.replace(',', '.'))
  if (!Number.isFinite(quantity) || quantity <= 0)
    return { ...state, feedback: { tone: 'error', text: 'scan.error.quantity', vars: { scanned: text } } }
  return to({ quantity, step: 'saving' }, undefined)
}

/** The server added the line: it is listed as found, and the count goes on at the goods step of its line. */
export function foundSaved(state: ScanState, key: number | string): ScanState {
  const draft = state.found
  if (!draft) return state
  const line: FoundLine = {
    key,
    location: draft.locationCode,
    title: draft.title,
    quantity: draft.quantity ?? 0,
  }
  return {
    ...state,
    found: undefined,
    foundLines: [...(state.foundLines ?? []), line],
    feedback: { tone: 'ok', text: 'scan.found.saved', vars: { title: draft.title, quantity: line.quantity } },
  }
}
