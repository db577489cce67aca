import type { Field } from '@formily/core'
import { connect, mapReadPretty, useField } from '@formily/react'
import { Alert, Input, Space, Tag, Typography } from 'antd'
import { useContext, useEffect, useMemo, useState } from 'react'
import { fillPath, useRendererEnv, type ServiceName, type TextResolver } from '../../renderer/index'
import { ActionRowContext } from '../action-dialog/action-row'
import { splitList } from '../action-dialog/action-body'
import { useTexts } from '../shared/use-texts'

/** One line the pick must name units for (GET …/pick-serials, server/modules/outbound/pick-serials.ts). */
export interface PickSerialLine {
  outboundLineId: number
  orderNum: string
  lineNum: number | null
  goodsCode: string
  goodsName?: string | null
  /** Units to name: one serial number each. */
  quantity: number
  places?: Array<{ locationCode: string | null; batchCode: string | null; quantity: number }>
  /** Serial numbers in stock where the line's units are taken from. */
  inStock?: string[]
}

/** The value: the body's `lines` of a pick, one entry per line with serial numbers given. */
export interface PickedLine {
  outboundLineId: number
  serialNumbers: string[]
}

export interface PickSerialsProps {
  value?: PickedLine[]
  onChange?(value: PickedLine[]): void
  disabled?: boolean
  /** GET path of the lines: {tenantId} and the row's {fields}, e.g. "/v1/{tenantId}/wave-orders/{waveId}/pick-serials". */
  path?: string
  service?: ServiceName
  'aria-label'?: string
}

interface Loaded {
  lines?: PickSerialLine[]
  error?: string
}

const lineName = (line: PickSerialLine) =>
  `${line.orderNum} #${line.lineNum ?? line.outboundLineId} (${line.goodsCode})`

/**
 * What is wrong with the serial numbers given, in one message (undefined: nothing): each line needs exactly one
 * per unit, none twice, and no unit for two lines. While the lines load, the pick waits; when they could not be
 * loaded the server checks alone.
 */
export function pickSerialProblems(
  loaded: Loaded,
  value: PickedLine[] | undefined,
  t: TextResolver,
): string | undefined {
  if (loaded.error) return undefined
  if (!loaded.lines) return t('fields.pickSerials.loading')
  const given = new Map((value ?? []).map((l) => [l.outboundLineId, l.serialNumbers]))
  const problems: string[] = []
  const owner = new Map<string, PickSerialLine>()
  for (const line of loaded.lines) {
    const serials = given.get(line.outboundLineId) ?? []
    const vars = { line: lineName(line), count: serials.length, quantity: line.quantity }
    if (serials.length !== line.quantity) problems.push(t('fields.pickSerials.count', vars))
    const seen = new Set<string>()
    for (const serial of serials) {
      if (seen.has(serial)) problems.push(t('fields.pickSerials.twice', { ...vars, serial }))
      seen.add(serial)
      const other = owner.get(serial)
      if (other && other !== line)
        problems.push(
          t('fields.pickSerials.twoLines', { serial, line: lineName(line), other: lineName(other) }),
        )
      owner.set(serial, line)
    }
  }
  return problems.length ? [...new Set(problems)].join(' ') : undefined
}

/**
 * The serial numbers a pick names: one box per serial-tracked line to pick (loaded from `path`, filled from the
 * dialog's row), where a scanner's serial numbers land one per line (or typed, separated by line breaks, commas
 * or semicolons), with a count against the units to pick, the places the units lie and the units in stock there
 * to click. Sends `[{outboundLineId, serialNumbers}]`; the dialog does not send while a count is wrong.
 */
export function PickSerialsInput({
  value,
  onChange,
  disabled,
  path,
  service = 'wms',
  'aria-label': ariaLabel,
}: PickSerialsProps) {
  const env = useRendererEnv()
  const row = useContext(ActionRowContext)
  const t = useTexts()
  const field = useField() as Field | undefined
  const [loaded, setLoaded] = useState<Loaded>({})
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries((value ?? []).map((l) => [l.outboundLineId, l.serialNumbers.join('\n')])),
  )

  useEffect(() => {
    let live = true
    let url: string
    try {
      if (!path) throw new Error(t('fields.pickSerials.noPath'))
      url = fillPath(path, { user: env.user, row })
    } catch (error) {
      setLoaded({ error: error instanceof Error ? error.message : String(error) })
      return
    }
    env
      .request<{ lines: PickSerialLine[] }>({ method: 'GET', service, path: url, silent: true })
      .then((body) => live && setLoaded({ lines: body.lines ?? [] }))
      .catch(
        (error: unknown) =>
          live && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
  }, [env, path, service, row, t])

  // the dialog's validate() runs this before anything is sent
  useEffect(() => {
    field?.setValidator((current: unknown) => pickSerialProblems(loaded, current as PickedLine[], t) ?? '')
  }, [field, loaded, t])

  const lines = useMemo(() => loaded.lines ?? [], [loaded.lines])
  const update = (id: number, text: string) => {
    const next = { ...texts, [id]: text }
    setTexts(next)
    onChange?.(
      lines
        .map((line) => ({
          outboundLineId: line.outboundLineId,
          serialNumbers: splitList(next[line.outboundLineId]),
        }))
        .filter((line) => line.serialNumbers.length),
    )
  }
  const counts = useMemo(
    () => Object.fromEntries(lines.map((l) => [l.outboundLineId, splitList(texts[l.outboundLineId]).length])),
    [lines, texts],
  )

  if (loaded.error)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('fields.pickSerials.loadFailed', { message: loaded.error })}
      />
    )
  if (!loaded.lines)
    return <Typography.Text type="secondary">{t('fields.pickSerials.loading')}</Typography.Text>
  if (!lines.length) return <Typography.Text>{t('fields.pickSerials.none')}</Typography.Text>
  return (
    <Space direction="vertical" style={{ width: '100%' }} aria-label={ariaLabel} role="group">
      {lines.map((line) => {
        const id = line.outboundLineId
        const count = counts[id] ?? 0
        const name = lineName(line)
        const chosen = new Set(splitList(texts[id]))
        const offered = (line.inStock ?? []).filter((s) => !chosen.has(s)).slice(0, 30)
        return (
          <div key={id} data-pick-line={id}>
            <Space wrap style={{ marginBottom: 4 }}>
              <Typography.Text strong>{name}</Typography.Text>
              {line.goodsName ? <Typography.Text type="secondary">{line.goodsName}</Typography.Text> : null}
              <Tag color={count === line.quantity ? 'success' : 'warning'}>
                {t('fields.pickSerials.progress', { count, quantity: line.quantity })}
              </Tag>
            </Space>
            {line.places?.length ? (
              <div>
                <Typography.Text type="secondary">
                  {t('fields.pickSerials.places', {
                    places: line.places
                      .map(
                        (p) =>
                          `${p.locationCode ?? '?'}${p.batchCode ? ` / ${p.batchCode}` : ''} × ${p.quantity}`,
                      )
                      .join(', '),
                  })}
                </Typography.Text>
              </div>
            ) : null}
            <Input.TextArea
              aria-label={t('fields.pickSerials.input', { line: name })}
              placeholder={t('fields.pickSerials.scan')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              disabled={disabled}
              value={texts[id] ?? ''}
              onChange={(event) => update(id, event.target.value)}
            />
            {offered.length && count < line.quantity && !disabled ? (
              <div style={{ marginTop: 4 }}>
                <Typography.Text type="secondary">{t('fields.pickSerials.inStock')} </Typography.Text>
                {offered.map((serial) => (
                  <Tag
                    key={serial}
                    role="button"
                    tabIndex={0}
                    style={{ cursor: 'pointer' }}
                    onClick={() => update(id, [...chosen, serial].join('\n'))}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ')
                        update(id, [...chosen, serial].join('\n'))
                    }}
                  >
                    {serial}
                  </Tag>
                ))}
              </div>
            ) : null}
          </div>
        )
      })}
    </Space>
  )
}

/** Read-only: the serial numbers per line. */
export function PickSerialsPretty({ value }: { value?: unknown }) {
  return <span className="wms-read-pretty">{pickedText(value)}</span>
}

export const pickedText = (value: unknown) =>
  Array.isArray(value)
    ? (value as PickedLine[])
        .map((line) => `${line.outboundLineId}: ${(line.serialNumbers ?? []).join(', ')}`)
        .join('; ')
    : ''

export const PickSerials = connect(PickSerialsInput, mapReadPretty(PickSerialsPretty))
