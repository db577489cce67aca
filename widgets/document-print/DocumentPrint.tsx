import { Alert, Button, Card, InputNumber, Skeleton, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import {
  ApiError,
  fillPath,
  interpolate,
  readPage,
  useLookup,
  useRendererEnv,
  customPageProps,
  type PageWidgetProps,
  type WidgetProps,
} from '../../renderer/index'
import { Barcode } from '../label-designer/Barcode'
import { useTexts } from '../shared/use-texts'

/** While printing, only the document sheets are on the page (the shell, menus and the toolbar are hidden). */
const PRINT_CSS = `@media print { body * { visibility: hidden !important; } .document-print-sheets, .document-print-sheets * { visibility: visible !important; } .document-print-sheets { position: absolute; left: 0; top: 0; width: 100%; } .document-print-sheet { border: none !important; box-shadow: none !important; page-break-after: always; } }`

/** The page's `props` (which document, where it and its lines are read, what the sheet shows), as its schema says. */
export type DocumentPrintProps = WidgetProps<'DocumentPrint'>
type Column = DocumentPrintProps['fields'][number]

type Row = Record<string, unknown>

/** General templates (/hpfm/general-template, type PRINT) of the sheet's header and footer. */
export const PRINT_HEADER = 'WMS.PRINT_HEADER'
export const PRINT_FOOTER = 'WMS.PRINT_FOOTER'

/** The header and footer texts the server filled (absent: no template, the built-in text is printed). */
export interface PrintTexts {
  header?: string
  footer?: string
}

/** Answer of GET hpfm general-templates/render. */
interface Rendered {
  templates: Record<string, { text: string } | undefined>
}

/** `text` with {copy} and {copies}, which differ per sheet, filled; the server filled the others. */
const perSheet = (text: string, copy: number, copies: number) => interpolate(text, { copy, copies })

const show = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/**
 * A document's print view: the document (read through the model API, so only one the user may see) and its
 * lines drawn as an A4 sheet with its number as a barcode, as many sheets as copies. The sheet's header and
 * footer are the general templates WMS.PRINT_HEADER and WMS.PRINT_FOOTER of the tenant in the user's language
 * (read in one request, the server filling tenantName, documentType, documentNumber, printedBy and printedAt,
 * this view {copy} and {copies} per sheet); without them the built-in heading and footer are printed. Print
 * records the print on the server (type, number, copies, user, time: /winv/print-record) and then opens
 * window.print; a print the server refuses to record is not printed.
 */
export function DocumentPrint({ page, search }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const props = customPageProps(page, 'DocumentPrint')
  const id = search?.get(props.idParam) ?? ''
  const [doc, setDoc] = useState<Row | undefined>()
  const [lines, setLines] = useState<Row[]>([])
  const [problem, setProblem] = useState<string | undefined>()
  const [texts, setTexts] = useState<PrintTexts>({})
  const [textProblem, setTextProblem] = useState<string | undefined>()
  const [copies, setCopies] = useState(1)
  const [printing, setPrinting] = useState(false)
  const at = (path: string) => fillPath(path, { user: env.user })

  useEffect(() => {
    if (!/^\d+$/.test(id)) {
      setProblem(`${t('hrpt.documentPrint.noId')}: ${props.idParam}`)
      return
    }
    let live = true
    const load = async () => {
      const header = await env.request<Row>({
        method: 'GET',
        service: props.service,
        path: `${at(props.path)}/${id}`,
        silent: true,
      })
      let rows: Row[] = []
      if (props.lines) {
        const body = await env.request({
          method: 'GET',
          service: props.service,
          path: at(props.lines.path),
          params: {
            [props.lines.parentField]: props.lines.parentFrom ? show(header[props.lines.parentFrom]) : id,
            size: 1000,
            sort: props.lines.sort ?? 'lineNum,asc',
          },
          silent: true,
        })
        rows = readPage<Row>(body, { page: 0, size: 1000 }).rows
      }
      let printTexts: PrintTexts = {}
      let printTextProblem: string | undefined
      try {
        const rendered = await env.request<Rendered>({
          method: 'GET',
          service: 'hpfm',
          path: at('/v1/{tenantId}/general-templates/render'),
          params: {
            codes: `${PRINT_HEADER},${PRINT_FOOTER}`,
            documentType: t(props.heading),
            documentNumber: show(header[props.numberField]),
          },
          silent: true,
        })
        printTexts = {
          header: rendered.templates[PRINT_HEADER]?.text,
          footer: rendered.templates[PRINT_FOOTER]?.text,
        }
      } catch (error) {
        // 404: the tenant has neither template, the built-in texts are the design; anything else is said.
        if (!(error instanceof ApiError && error.status === 404))
          printTextProblem = error instanceof Error ? error.message : String(error)
      }
      if (!live) return
      setDoc(header)
      setLines(rows)
      setTexts(printTexts)
      setTextProblem(printTextProblem)
    }
    load().catch((error: unknown) => {
      if (live) setProblem(error instanceof Error ? error.message : String(error))
    })
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per document
  }, [env, id])

  if (problem)
    return <Alert type="error" showIcon message={t('hrpt.documentPrint.unavailable')} description={problem} />
  if (!doc) return <Skeleton active />
  const number = show(doc[props.numberField])
  const printedAt = new Date().toLocaleString()

  const print = async () => {
    setPrinting(true)
    try {
      await env.request({
        method: 'POST',
        service: 'wms',
        path: at('/v1/{tenantId}/print-records/record'),
        data: { printType: 'DOCUMENT', docType: props.docType, docNum: number, copies },
      })
    } catch {
      return // shown by env.request
    } finally {
      setPrinting(false)
    }
    window.print()
  }

  const sheet = (copy: number) => (
    <div
      key={copy}
      className="document-print-sheet"
      data-testid="document-sheet"
      style={{
        width: '190mm',
        minHeight: '120mm',
        padding: '8mm',
        background: '#fff',
        border: '1px solid #d9d9d9',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="document-header">
            {texts.header ?? t(props.heading)}
          </Typography.Title>
          <div>{number}</div>
        </div>
        <Barcode value={number} width="70mm" height="16mm" />
      </div>
      <table style={{ width: '100%', marginTop: 12, borderCollapse: 'collapse' }}>
        <tbody>
          {pairs(props.fields).map((pair, index) => (
            <tr key={index}>
              {pair.map((column) => [
                <th
                  key={`${column.field}-label`}
                  style={{ textAlign: 'left', padding: '2px 8px 2px 0', width: '18%' }}
                >
                  {t(column.label)}
                </th>,
                <td key={column.field} style={{ padding: '2px 8px 2px 0', width: '32%' }}>
                  <Value column={column} value={doc[column.field]} />
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
      {props.lines && (
        <table
          style={{ width: '100%', marginTop: 12, borderCollapse: 'collapse' }}
          aria-label={t('hrpt.documentPrint.lines')}
        >
          <thead>
            <tr>
              {props.lines.columns.map((column) => (
                <th key={column.field} style={cell}>
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                {props.lines!.columns.map((column) => (
                  <td key={column.field} style={cell}>
                    <Value column={column} value={line[column.field]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div style={{ marginTop: 16, fontSize: 12, whiteSpace: 'pre-wrap' }} data-testid="document-footer">
        {texts.footer !== undefined
          ? perSheet(texts.footer, copy + 1, copies)
          : `${t('hrpt.documentPrint.printedAt')}: ${printedAt} · ${t('hrpt.documentPrint.copy')} ${copy + 1} / ${copies}`}
      </div>
    </div>
  )

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <style>{PRINT_CSS}</style>
      <Card title={`${t(props.heading)} ${number}`}>
        <Space>
          <span>{t('hrpt.documentPrint.copies')}</span>
          <InputNumber
            aria-label={t('hrpt.documentPrint.copies')}
            min={1}
            max={20}
            precision={0}
            value={copies}
            onChange={(value) => setCopies(typeof value === 'number' ? value : 1)}
          />
          <Button type="primary" loading={printing} onClick={() => void print()}>
            {t('hrpt.documentPrint.print')}
          </Button>
          <Typography.Text type="secondary">
            {lines.length} {t('hrpt.documentPrint.lineCount')}
          </Typography.Text>
        </Space>
      </Card>
      {textProblem && (
        <Alert
          type="warning"
          showIcon
          message={t('hrpt.documentPrint.textsUnavailable')}
          description={textProblem}
        />
      )}
      <div className="document-print-sheets" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {Array.from({ length: copies }, (_, copy) => sheet(copy))}
      </div>
    </Space>
  )
}

/** A value as printed: the meaning of a coded one (the code while the value set loads or lacks it). */
function Value({ column, value }: { column: Column; value: unknown }) {
  const { values } = useLookup(column.lookupCode)
  const text = show(value)
  return <>{(column.lookupCode && values.find((v) => v.value === text)?.meaning) || text}</>
}

const cell = { border: '1px solid #8c8c8c', padding: '2px 6px', textAlign: 'left' as const }

/** Header fields two to a row. */
function pairs(columns: Column[]): Column[][] {
  const out: Column[][] = []
  for (let i = 0; i < columns.length; i += 2) out.push(columns.slice(i, i + 2))
  return out
}

export default DocumentPrint
