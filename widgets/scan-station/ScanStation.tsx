import { Button, Input, Typography, type InputRef } from 'antd'
import { useEffect, useRef, useState } from 'react'
import {
  ApiError,
  fillPath,
  readPage,
  usePermission,
  useRendererEnv,
  customPageProps,
  type PageWidgetProps,
  type WidgetProps,
} from '../../renderer/index'
import { useTexts } from '../shared/use-texts'
import {
  isDone,
  leftOf,
  scan,
  startScan,
  type ScanFeedback,
  type ScanLine,
  type ScanState,
} from './scan-machine'
import { askFound, foundInput, foundSaved, unexpectedGoods, type FoundGoods } from './scan-found'
import { playTone } from './scan-tone'

type Row = Record<string, unknown>

/** The page's `props` (which documents are worked on, where their lines are read, how the work is confirmed). */
export type ScanStationProps = WidgetProps<'ScanStation'>

type Phase = 'document' | 'loading' | 'scan' | 'confirming' | 'confirmed'

const show = (value: unknown) => (value === null || value === undefined ? '' : String(value))

const TONE_STYLE: Record<ScanFeedback['tone'], React.CSSProperties> = {
  ok: { background: '#237804', color: '#fff' },
  error: { background: '#a8071a', color: '#fff' },
}

/**
 * A scanning station for a handheld (360–480 px): keyboard-wedge input (the scanner types into the focused
 * field and sends Enter), one document at a time, its lines in walking order; each scan is checked at once
 * against the current line (scan-machine.ts) with a green banner and a beep, or a red one, a buzz and what
 * was expected. When every line is scanned, Confirm (or Enter) runs the document's action with the scans,
 * which the server checks again. Driven by the page's props, so picking, receiving and counting share it.
 */
export function ScanStation({ page, search }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const props = customPageProps(page, 'ScanStation')
  const input = useRef<InputRef>(null)
  const [phase, setPhase] = useState<Phase>('document')
  const [doc, setDoc] = useState<Row | undefined>()
  const [state, setState] = useState<ScanState | undefined>()
  const [feedback, setFeedback] = useState<ScanFeedback | undefined>()
  const [value, setValue] = useState('')
  /** A found-goods look-up or save is under way: the input waits. */
  const [busy, setBusy] = useState(false)
  const allowed = usePermission(props.confirm.permission)
  const at = (path: string, params?: Record<string, string>) => fillPath(path, { user: env.user, params })
  const idOf = (row: Row) => show(row[props.document.idParam])

  const say = (next: ScanFeedback) => {
    setFeedback(next)
    playTone(next.tone)
  }

  const open = async (row: Row) => {
    setPhase('loading')
    const status = props.document.statusField ? show(row[props.document.statusField]) : ''
    const number = show(row[props.document.numberField])
    if (props.document.statuses && !props.document.statuses.includes(status)) {
      say({ tone: 'error', text: 'scan.notFound', vars: { number } })
      setPhase('document')
      return
    }
    const spec = props.lines
    const body = await env.request({
      method: 'GET',
      service: props.service,
      path: at(spec.path, { [props.document.idParam]: idOf(row) }),
      params: spec.parentField
        ? { ...spec.filters, [spec.parentField]: idOf(row), sort: spec.sort, size: 1000 }
        : undefined,
      silent: true,
    })
    const answer = spec.rowsField ? (body as Row | undefined)?.[spec.rowsField] : body
    const rows = readPage<Row>(answer, { page: 0, size: 1000 }).rows
    const lines: ScanLine[] = rows.map((line) => ({
      key: line[spec.keyField] as number,
      location: spec.locationField ? show(line[spec.locationField]) : '',
      codes: spec.codeFields.map((field) => show(line[field])).filter(Boolean),
      quantity: Number(line[spec.quantityField] ?? 0),
      title: show(line[spec.titleField]),
      lot: spec.lotField ? !!line[spec.lotField] : undefined,
      expiry: spec.expiryField ? !!line[spec.expiryField] : undefined,
      detail: (spec.detailFields ?? [])
        .map((field) => show(line[field]))
        .filter(Boolean)
        .join(' · '),
    }))
    const work = props.counting ? lines : lines.filter((line) => line.quantity > 0)
    if (!work.length) {
      say({ tone: 'error', text: 'scan.noLines', vars: { number } })
      setPhase('document')
      return
    }
    setDoc(row)
    setState(startScan(work, props.steps, { anyLocation: props.anyLocation, counting: props.counting }))
    setFeedback(undefined)
    setPhase('scan')
  }

  const failed = (problem: unknown) => {
    const message =
      problem instanceof ApiError || problem instanceof Error ? problem.message : String(problem)
    setFeedback({ tone: 'error', text: message })
    playTone('error')
  }

  // a document named in the address (?outboundOrderId=) is opened at once
  const idFromAddress = search?.get(props.document.idParam) ?? ''
  useEffect(() => {
    if (!/^\d+$/.test(idFromAddress)) return
    env
      .request<Row>({
        method: 'GET',
        service: props.service,
        path: `${at(props.document.path)}/${idFromAddress}`,
        silent: true,
      })
      .then(open, (problem: unknown) => {
        failed(problem)
        setPhase('document')
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address
  }, [idFromAddress])

  useEffect(() => {
    input.current?.focus()
  }, [phase, feedback])

  const findDocument = async (number: string) => {
    const found = readPage<Row>(
      await env.request({
        method: 'GET',
        service: props.service,
        path: at(props.document.path),
        params: { [props.document.numberField]: number, size: 10 },
        silent: true,
      }),
      { page: 0, size: 10 },
    ).rows.find((row) => show(row[props.document.numberField]).toUpperCase() === number.toUpperCase())
    if (!found) {
      say({ tone: 'error', text: 'scan.notFound', vars: { number } })
      return
    }
    await open(found)
  }

  const ready = (scanned?: ScanState) =>
    !!scanned && (isDone(scanned) || (!!props.confirm.partial && scanned.scans.length > 0))

  const confirm = async () => {
    if (!state || !doc || !ready(state)) return
    setPhase('confirming')
    try {
      await env.request({
        method: 'POST',
        service: props.service,
        path: at(props.confirm.path, { [props.document.idParam]: idOf(doc) }),
        data: {
          scans: state.scans.map((s) => ({
            [props.confirm.keyName]: s.key,
            locationCode: s.locationCode,
            barcode: s.barcode,
            ...(s.lotCode ? { lotCode: s.lotCode } : {}),
            ...(s.expiryDate ? { expiryDate: s.expiryDate } : {}),
            quantity: s.quantity,
          })),
        },
        silent: true,
      })
      say({ tone: 'ok', text: 'scan.confirmed', vars: { number: show(doc[props.document.numberField]) } })
      setPhase('confirmed')
    } catch (problem) {
      failed(problem)
      setPhase('scan')
    }
  }

  /** The goods a scanned code names (props.found.goods: each code field in turn, exact match), or undefined. */
  const lookUpGoods = async (code: string): Promise<FoundGoods | undefined> => {
    const spec = props.found!.goods
    for (const field of spec.codeFields) {
      const row = readPage<Row>(
        await env.request({
          method: 'GET',
          service: props.service,
          path: at(spec.path),
          params: { [field]: code, size: 10 },
          silent: true,
        }),
        { page: 0, size: 10 },
      ).rows.find((item) => show(item[field]).toUpperCase() === code.toUpperCase())
      if (row)
        return {
          title: show(row[spec.titleField]) || code,
          lot: (spec.lotFields ?? []).some((flag) => Number(row[flag] ?? 0) === 1),
          expiry: spec.expiryField ? Number(row[spec.expiryField] ?? 0) === 1 : false,
        }
    }
    return undefined
  }

  /** Goods no line here expects: looked up, then the question (scan-found.ts). */
  const unexpected = async (scanned: ScanState, code: string) => {
    setBusy(true)
    try {
      const next = askFound(scanned, code, await lookUpGoods(code))
      setState(next)
      if (next.feedback) say(next.feedback)
    } catch (problem) {
      failed(problem)
    } finally {
      setBusy(false)
    }
  }

  /** The found goods are added through the desk's route; its refusal is said in red and nothing is added. */
  const saveFound = async (scanned: ScanState) => {
    const draft = scanned.found
    if (!draft || !doc || !props.found) return
    setBusy(true)
    try {
      const line = await env.request<Row>({
        method: 'POST',
        service: props.service,
        path: at(props.found.path),
        data: {
          [props.found.parentField]: doc[props.document.idParam],
          locationCode: draft.locationCode,
          barcode: draft.code,
          ...(draft.lotCode ? { batchCode: draft.lotCode } : {}),
          ...(draft.expiryDate ? { expiryDate: draft.expiryDate } : {}),
          countedQuantity: draft.quantity,
        },
        silent: true,
      })
      const next = foundSaved(scanned, show(line?.[props.lines.keyField]) || draft.code)
      setState(next)
      if (next.feedback) say(next.feedback)
    } catch (problem) {
      setState({ ...scanned, found: undefined })
      failed(problem)
    } finally {
      setBusy(false)
    }
  }

  const restart = () => {
    setDoc(undefined)
    setState(undefined)
    setFeedback(undefined)
    setPhase('document')
  }

  const enter = () => {
    const text = value
    setValue('')
    if (phase === 'document') {
      if (text.trim()) findDocument(text.trim()).catch(failed)
      return
    }
    if (phase === 'confirmed') return restart()
    if (phase !== 'scan' || !state || busy) return
    if (state.found) return answerFound(state, text)
    if (ready(state) && !text.trim()) return void confirm()
    if (props.found && unexpectedGoods(state, text)) return void unexpected(state, text.trim())
    const next = scan(state, text)
    setState(next)
    if (next.feedback) say(next.feedback)
  }

  const answerFound = (scanned: ScanState, text: string) => {
    const next = foundInput(scanned, text)
    setState(next)
    if (next.feedback) say(next.feedback)
    if (next.found?.step === 'saving') void saveFound(next)
  }

  const line = state && !isDone(state) ? state.lines[state.index] : undefined
  const draft = state?.found
  const prompt =
    phase === 'document' || phase === 'loading'
      ? t('scan.prompt.document')
      : draft
        ? draft.step === 'confirm'
          ? t('scan.prompt.found', { title: draft.title })
          : draft.step === 'lot'
            ? t('scan.prompt.lot')
            : draft.step === 'expiry'
              ? t('scan.prompt.expiry')
              : t('scan.prompt.count')
        : line && state
          ? state.step === 'location'
            ? t('scan.prompt.location', { location: line.location })
            : state.step === 'goods'
              ? t('scan.prompt.goods', { code: line.codes[0] ?? '' })
              : state.step === 'lot'
                ? t('scan.prompt.lot')
                : state.step === 'expiry'
                  ? t('scan.prompt.expiry')
                  : props.counting
                    ? t('scan.prompt.count')
                    : t('scan.prompt.quantity', { left: leftOf(state) })
          : ''
  const feedbackText = feedback
    ? feedback.text.startsWith('scan.')
      ? t(feedback.text, feedback.vars)
      : feedback.text
    : ''

  return (
    <div
      className="scan-station"
      data-testid="scan-station"
      style={{
        width: '100%',
        maxWidth: 480,
        boxSizing: 'border-box',
        padding: 8,
        fontSize: 16,
        overflowWrap: 'anywhere',
      }}
    >
      {doc ? (
        <Typography.Title level={4} style={{ margin: '0 0 8px' }} data-testid="scan-document">
          {show(doc[props.document.numberField])}
          {state
            ? ` · ${t('scan.progress', { line: Math.min(state.index + 1, state.lines.length), lines: state.lines.length })}`
            : ''}
        </Typography.Title>
      ) : null}
      {line && state ? (
        <div
          data-testid="scan-line"
          style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 8, marginBottom: 8 }}
        >
          {line.location ? (
            <div style={{ fontSize: 28, fontWeight: 600 }} data-testid="scan-line-location">
              {t('scan.location')}: {line.location}
            </div>
          ) : null}
          <div style={{ fontSize: 18 }}>{line.title}</div>
          {line.detail ? <div>{line.detail}</div> : null}
          <div>{line.codes.join(' / ')}</div>
          <div style={{ fontSize: 22 }} data-testid="scan-line-quantity">
            {t('scan.quantity')}: {state.counted[state.index]}
            {props.counting ? '' : ` / ${line.quantity}`}
          </div>
        </div>
      ) : null}
      <label
        htmlFor="scan-station-input"
        style={{ display: 'block', marginBottom: 4 }}
        data-testid="scan-prompt"
      >
        {prompt || t('scan.input')}
      </label>
      <Input
        id="scan-station-input"
        ref={input}
        size="large"
        autoFocus
        autoComplete="off"
        data-testid="scan-input"
        placeholder={t('scan.input')}
        value={value}
        disabled={phase === 'loading' || phase === 'confirming' || busy}
        inputMode={(draft ? draft.step === 'quantity' : state?.step === 'quantity') ? 'decimal' : 'text'}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={enter}
      />
      <div
        role={feedback?.tone === 'error' ? 'alert' : 'status'}
        data-testid="scan-feedback"
        data-tone={feedback?.tone ?? ''}
        style={{
          marginTop: 8,
          minHeight: 48,
          padding: feedback ? 12 : 0,
          borderRadius: 6,
          fontSize: 18,
          fontWeight: 600,
          ...(feedback ? TONE_STYLE[feedback.tone] : {}),
        }}
      >
        {feedbackText}
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 8, flexWrap: 'wrap' }}>
        {draft?.step === 'confirm' ? (
          <>
            <Button
              type="primary"
              size="large"
              data-testid="scan-found-yes"
              onClick={() => answerFound(state!, '')}
            >
              {t('scan.found.record')}
            </Button>
            <Button size="large" data-testid="scan-found-no" onClick={() => answerFound(state!, 'N')}>
              {t('scan.found.skip')}
            </Button>
          </>
        ) : null}
        {ready(state) && phase !== 'confirmed' && !draft ? (
          <Button
            type="primary"
            size="large"
            data-testid="scan-confirm"
            loading={phase === 'confirming'}
            disabled={allowed.status !== 'approved' || allowed.disabled}
            onClick={() => void confirm()}
          >
            {t('scan.confirm')}
          </Button>
        ) : null}
        {doc ? (
          <Button size="large" onClick={restart} data-testid="scan-restart">
            {phase === 'confirmed' ? t('scan.next') : t('scan.restart')}
          </Button>
        ) : null}
      </div>
      {state ? (
        <ol style={{ paddingLeft: 20, marginTop: 12 }} data-testid="scan-lines">
          {state.lines.map((item, index) => (
            <li key={String(item.key)} style={{ fontWeight: index === state.index ? 600 : 400 }}>
              {(props.counting ? index < state.index : state.counted[index]! >= item.quantity) ? '✓ ' : ''}
              {item.location ? `${item.location} · ` : ''}
              {item.title} · {state.counted[index]}
              {props.counting ? '' : ` / ${item.quantity}`}
            </li>
          ))}
          {(state.foundLines ?? []).map((item, index) => (
            <li key={`found-${index}`} data-testid="scan-found-line">
              ✓ {item.location ? `${item.location} · ` : ''}
              {item.title} · {item.quantity} · {t('scan.found.mark')}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}
