/**
 * Writes export rows to a stream as they arrive, batch by batch, so memory stays flat however many rows:
 * xlsx through the export's own streaming writer (xlsx-writer.ts: inline strings, no shared strings), CSV as
 * UTF-8 text with a byte-order mark so Excel reads Chinese correctly.
 */
import type { Writable } from 'node:stream'
import type { ExportFileType } from '../../../renderer/contract/export.ts'
import type { Row } from '../models/model-scope.ts'
import type { CellValue, ExportColumn } from './export-columns.ts'
import { drained, xlsxWriter } from './xlsx-writer.ts'

export interface ExportFileSpec {
  fileType: ExportFileType
  singleSheetMaxRow: number
  columns: ExportColumn[]
  formatters: Array<(row: Row) => CellValue>
}

/** Called after each batch with the rows written so far; throw to stop (cancel), the file is then abandoned. */
export type OnBatch = (written: number) => Promise<void>

/** Writes every batch to `out` and ends it; resolves with the number of data rows written. */
export function writeExport(
  out: Writable,
  spec: ExportFileSpec,
  batches: AsyncIterable<Row[]>,
  onBatch: OnBatch = async () => undefined,
): Promise<number> {
  return spec.fileType === 'CSV'
    ? writeCsv(out, spec, batches, onBatch)
    : writeXlsx(out, spec, batches, onBatch)
}

/** Stops a writer whose reader has gone (a download cancelled, the file store failed). */
async function checkOpen(out: Writable, onBatch: OnBatch, written: number) {
  if (out.destroyed) throw new Error('The export stream was closed before the file was complete.')
  await onBatch(written)
}

const widthOf = (title: string) => Math.min(60, Math.max(12, [...title].length * 2 + 2))

async function writeXlsx(
  out: Writable,
  spec: ExportFileSpec,
  batches: AsyncIterable<Row[]>,
  onBatch: OnBatch,
) {
  const writer = xlsxWriter(out, {
    titles: spec.columns.map((column) => column.title),
    widths: spec.columns.map((column) => widthOf(column.title)),
    maxRowsPerSheet: spec.singleSheetMaxRow,
  })
  const { formatters } = spec
  let written = 0
  for await (const batch of batches) {
    await writer.rows(batch.map((row) => formatters.map((format) => format(row))))
    written += batch.length
    await checkOpen(out, onBatch, written)
  }
  await writer.finish()
  return written
}

/** Cells Excel would run as a formula are prefixed with ' (OWASP CSV injection); plain numbers stay as they are. */
function csvCell(value: CellValue): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=@\t\r]|^[+-](?!\d[\d.,\s]*$)/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

async function writeCsv(
  out: Writable,
  spec: ExportFileSpec,
  batches: AsyncIterable<Row[]>,
  onBatch: OnBatch,
) {
  const send = async (chunk: string) => {
    if (!out.write(chunk)) await drained(out)
  }
  await send(`\uFEFF${spec.columns.map((column) => csvCell(column.title)).join(',')}\r\n`)
  let written = 0
  for await (const batch of batches) {
    await send(
      batch.map((row) => spec.formatters.map((format) => csvCell(format(row))).join(',')).join('\r\n') +
        '\r\n',
    )
    written += batch.length
    await checkOpen(out, onBatch, written)
  }
  out.end()
  return written
}
