import type { Field } from '@formily/core'
import { connect, mapReadPretty, useField } from '@formily/react'
import { Alert, Button, Input, InputNumber, Space, Table, Typography } from 'antd'
import { useContext, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react'
import { fillPath, useRendererEnv, type Row, type ServiceName } from '../../renderer/index'
import { ActionRowContext, DialogRefusalContext } from '../action-dialog/action-row'
import { useTexts } from '../shared/use-texts'
import {
  keyOf,
  lineName,
  lineValue,
  refusedRows,
  rowProblems,
  startEntries,
  tableProblem,
  type Entries,
  type ResolvedLineTable,
} from './line-problems'

export interface LineTableProps {
  value?: Row[]
  onChange?(value: Row[]): void
  disabled?: boolean
  /** The lines and what each row asks for (the field's `lines`, headings resolved by the compiler). */
  lines?: ResolvedLineTable
  'aria-label'?: string
}

interface Loaded {
  lines?: Row[]
  error?: string
}

/**
 * A value per line, in an action dialog: the lines loaded from `lines.path` (filled from the dialog's row), one
 * input per `lines.inputs` entry on each row, checked per row while typing (required, min, max — e.g. not more
 * than the line's open quantity). Sends [{<rowKey>, <input>…}] for the rows filled in; the dialog does not send
 * while a row is wrong or none is filled. A refusal of the server naming "<field>[i].<input>" is shown on the
 * row it came from.
 */
export function LineTableInput({ onChange, disabled, lines: spec, 'aria-label': ariaLabel }: LineTableProps) {
  const env = useRendererEnv()
  const row = useContext(ActionRowContext)
  const refusal = useContext(DialogRefusalContext)
  const t = useTexts()
  const field = useField() as Field | undefined
  const [loaded, setLoaded] = useState<Loaded>({})
  const [entries, setEntries] = useState<Entries>({})
  // required inputs are pointed out once the user tried to send, range problems while typing
  const [checked, setChecked] = useState(false)

  // the lines are read once per path (the spec object is compiled anew with the dialog's schema)
  const path = spec?.path
  const service = (spec?.service ?? 'wms') as ServiceName
  const start = useRef(spec)
  start.current = spec
  useEffect(() => {
    let live = true
    let url: string
    try {
      if (!path) throw new Error(t('fields.lineTable.noSpec'))
      url = fillPath(path, { user: env.user, row })
    } catch (error) {
      setLoaded({ error: error instanceof Error ? error.message : String(error) })
      return
    }
    env
      .request<{ lines?: Row[]; content?: Row[] }>({ method: 'GET', service, path: url, silent: true })
      .then((body) => {
        if (!live) return
        const lines = body.lines ?? body.content ?? []
        setLoaded({ lines })
        setEntries((typed) => ({ ...startEntries(start.current!, lines), ...typed }))
      })
      .catch(
        (error: unknown) =>
          live && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only when the path or the row changes
  }, [env, path, service, row])

  // the dialog's validate() runs this before anything is sent
  useEffect(() => {
    field?.setValidator(() => {
      if (!spec) return t('fields.lineTable.noSpec')
      if (loaded.error) return t('fields.lineTable.loadFailed', { message: loaded.error })
      if (!loaded.lines) return t('fields.lineTable.loading')
      setChecked(true)
      return tableProblem(spec, loaded.lines, entries, t) ?? ''
    })
  }, [field, spec, loaded, entries, t])

  const lines = useMemo(() => loaded.lines ?? [], [loaded.lines])
  const problems = useMemo(
    () => (spec ? rowProblems(spec, lines, entries, t) : {}),
    [spec, lines, entries, t],
  )
  const name = field?.path.toString() ?? 'lines'
  const refused = useMemo(
    () =>
      spec && refusal
        ? refusedRows(spec, name, (refusal.body[name] as Row[] | undefined) ?? [], refusal.fields)
        : {},
    [spec, refusal, name],
  )

  if (!spec) return <Alert type="error" showIcon message={t('fields.lineTable.noSpec')} />
  const update = (next: Entries) => {
    setEntries(next)
    onChange?.(lineValue(spec, lines, next))
  }
  const set = (key: string, input: string, raw: unknown) =>
    update({ ...entries, [key]: { ...entries[key], [input]: raw } })

  if (loaded.error)
    return (
      <Alert type="warning" showIcon message={t('fields.lineTable.loadFailed', { message: loaded.error })} />
    )
  if (!loaded.lines)
    return <Typography.Text type="secondary">{t('fields.lineTable.loading')}</Typography.Text>
  if (!lines.length) return <Typography.Text>{t('fields.lineTable.none')}</Typography.Text>

  const fills = spec.inputs.filter((input) => input.fillFrom)
  const columns = [
    ...spec.columns.map((column) => ({
      key: `line:${column.field}`,
      title: column.label,
      width: column.width,
      render: (_: unknown, line: Row) => {
        const v = line[column.field]
        return v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '✓' : '') : String(v)
      },
    })),
    ...spec.inputs.map((input) => ({
      key: `input:${input.field}`,
      title: input.label,
      render: (_: unknown, line: Row) => {
        const key = keyOf(spec, line)
        const raw = entries[key]?.[input.field]
        const label = `${input.label} — ${lineName(spec, line)}`
        const refusedHere = refused[key]?.[input.field]
        const problem = problems[key]?.[input.field]
        const shown =
          refusedHere ??
          (problem && (checked || !/required/.test(problemKind(input, raw))) ? problem : undefined)
        const status = shown ? ('error' as const) : undefined
        let control
        if (input.widget === 'InputNumber')
          control = (
            <InputNumber
              aria-label={label}
              aria-invalid={shown ? true : undefined}
              status={status}
              disabled={disabled}
              precision={input.precision}
              value={raw === undefined || raw === null || raw === '' ? null : (raw as number)}
              onChange={(next) => set(key, input.field, next ?? undefined)}
              style={{ width: '100%' }}
            />
          )
        else if (input.widget === 'TextArea')
          control = (
            <Input.TextArea
              aria-label={label}
              aria-invalid={shown ? true : undefined}
              status={status}
              disabled={disabled}
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={(raw as string | undefined) ?? ''}
              onChange={(event) => set(key, input.field, event.target.value)}
            />
          )
        else
          control = (
            <Input
              aria-label={label}
              aria-invalid={shown ? true : undefined}
              status={status}
              disabled={disabled}
              value={(raw as string | undefined) ?? ''}
              onChange={(event) => set(key, input.field, event.target.value)}
            />
          )
        return (
          <div data-line-input={`${key}:${input.field}`}>
            {control}
            {shown ? (
              <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                {shown}
              </Typography.Text>
            ) : null}
          </div>
        )
      },
    })),
  ]
  return (
    <div role="group" aria-label={ariaLabel}>
      {fills.length && !disabled ? (
        <Space style={{ marginBottom: 8 }}>
          {fills.map((input) => (
            <Button
              key={input.field}
              size="small"
              onClick={() =>
                update(
                  Object.fromEntries(
                    lines.map((line) => {
                      const key = keyOf(spec, line)
                      return [key, { ...entries[key], [input.field]: line[input.fillFrom!] }]
                    }),
                  ),
                )
              }
            >
              {t('fields.lineTable.fill', { name: input.label })}
            </Button>
          ))}
        </Space>
      ) : null}
      <Table<Row>
        size="small"
        rowKey={(line) => keyOf(spec, line)}
        dataSource={lines}
        columns={columns}
        pagination={false}
        scroll={lines.length > 8 ? { y: 360 } : undefined}
        onRow={(line) => ({ 'data-line': keyOf(spec, line) }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  )
}

/** "required" when the input is empty (pointed out only after a try to send), "range" otherwise. */
const problemKind = (_input: unknown, raw: unknown) =>
  raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim()) ? 'required' : 'range'

/** Read-only: how many lines the value has. */
export function LineTablePretty({ value }: { value?: unknown }) {
  return <span className="wms-read-pretty">{lineTableText(value)}</span>
}

export const lineTableText = (value: unknown) =>
  Array.isArray(value) ? value.map((line) => JSON.stringify(line)).join('; ') : ''

export const LineTable = connect(LineTableInput, mapReadPretty(LineTablePretty))
