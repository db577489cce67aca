/**
 * The xlsx side of an import: the template file (header row, samples as cell notes) and the reading of an
 * uploaded workbook into rows of field values, as a stream with bounded memory (`readWorkbook`). A file that is
 * not xlsx, unpacks to too much, lacks a sheet or a column of the template, or has more rows than the template
 * allows is refused with a 400 that says what to fix.
 */
import { Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import type { ModelField } from '../../../renderer/schema/model.ts'
import { AppError, badRequest } from '../../errors.ts'
import { unpackEntry, zipDirectory, ZipProblem, type ZipEntry } from '../hfle/zip-package.ts'
import type { ImportTemplate } from './templates.ts'

// exceljs is loaded when a workbook is first needed, not at server start (bench measure 8).
const loadExcel = async () => (await import('exceljs')).default

export interface ParsedRow {
  sheetName: string
  rowNumber: number
  data: Record<string, unknown>
}

export async function templateWorkbook(template: ImportTemplate): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook()
  for (const sheet of template.sheets) {
    const worksheet = workbook.addWorksheet(sheet.sheetName)
    const header = worksheet.getRow(sheet.headerRow)
    sheet.columns.forEach((column, index) => {
      const cell = header.getCell(index + 1)
      cell.value = column.columnTitle
      cell.font = {
        bold: true,
        color: column.requiredFlag || column.field.required ? { argb: 'FFC00000' } : undefined,
      }
      const hints = [
        column.fieldName,
        column.field.required || column.requiredFlag ? 'required' : 'optional',
        column.field.lookupCode ? `value set ${column.field.lookupCode}` : column.field.type,
        column.sampleValue ? `e.g. ${column.sampleValue}` : '',
      ].filter(Boolean)
      cell.note = hints.join('\n')
      worksheet.getColumn(index + 1).width = Math.max(14, column.columnTitle.length * 2 + 4)
    })
    worksheet.views = [{ state: 'frozen', ySplit: sheet.headerRow }]
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const pad = (n: number) => String(n).padStart(2, '0')
const TRUE = new Set(['1', 'y', 'yes', 'true', '是', '启用', '啟用'])
const FALSE = new Set(['0', 'n', 'no', 'false', '否', '禁用'])

/** A cell's plain value: rich text joined, formulas by their result, hyperlinks by their text. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined
  if (value instanceof Date) return value
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return plain(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return undefined
    return undefined
  }
  return value
}

/** A cell value in the model field's wire form; what cannot be converted is kept so the validators name it. */
export function fieldValue(field: ModelField, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw === 'string' && raw.trim() === '') return undefined
  switch (field.type) {
    case 'integer':
    case 'decimal': {
      if (typeof raw === 'number') return raw
      const text = String(raw).trim()
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text
    }
    case 'flag':
    case 'boolean': {
      const text = String(raw).trim().toLowerCase()
      const yes = raw === true || TRUE.has(text)
      const no = raw === false || FALSE.has(text)
      if (!yes && !no) return String(raw)
      return field.type === 'flag' ? (yes ? 1 : 0) : yes
    }
    case 'date':
      if (raw instanceof Date)
        return `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`
      return String(raw).trim()
    case 'datetime':
      if (raw instanceof Date)
        return (
          `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())} ` +
          `${pad(raw.getUTCHours())}:${pad(raw.getUTCMinutes())}:${pad(raw.getUTCSeconds())}`
        )
      return String(raw).trim()
    default:
      if (raw instanceof Date) return raw.toISOString().slice(0, 10)
      return String(raw).trim()
  }
}

/** The most one part of an uploaded workbook (a sheet, the shared strings…) may declare or unpack to. */
export const XLSX_MAX_ENTRY_BYTES = 32 * 1024 * 1024
/** The most all parts of an uploaded workbook together may declare, images and all. */
export const XLSX_MAX_TOTAL_BYTES = 128 * 1024 * 1024
/**
 * The parts of a workbook an import reads, in the order the streaming reader needs them (which sheet is which,
 * then the strings and number formats the cells refer to, then the sheets). Everything else (images, drawings,
 * comments, themes, printer settings…) is never unpacked.
 */
const NEEDED = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/

const refused = (message: string) => badRequest(message)
const NOT_XLSX =
  'The file is not a readable .xlsx workbook: save it as "Excel Workbook (*.xlsx)" and upload it again.'
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** A refused package in words: what is wrong with the file and what to do. */
function zipRefusal(problem: ZipProblem) {
  switch (problem.kind) {
    case 'too-large':
      return refused(
        problem.entry
          ? `The workbook's part '${problem.entry}' unpacks to more than ${mb(problem.limit ?? 0)}, more than an import reads: remove images and other objects, or split the rows into smaller files.`
          : `The workbook unpacks to more than ${mb(problem.limit ?? 0)} in all, more than an import reads: remove images and other objects, or split the rows into smaller files.`,
      )
    case 'size-lies':
      return refused(
        `The workbook's part '${problem.entry}' unpacks to a different size than the file declares (a damaged or forged file): open it in Excel, save it as .xlsx and upload it again.`,
      )
    default:
      return refused(NOT_XLSX)
  }
}

/** The header row's column titles that the template's sheet has and the row lacks (all when it is empty). */
const lacking = (sheet: ImportTemplate['sheets'][number], positions: Map<string, number>) =>
  sheet.columns.filter((column) => !positions.has(column.columnTitle))
const lacksColumns = (sheet: ImportTemplate['sheets'][number], missing = sheet.columns) =>
  refused(
    `Sheet '${sheet.sheetName}' lacks the column(s) ${missing.map((c) => `'${c.columnTitle}'`).join(', ')} in row ${sheet.headerRow}: keep the template's header row.`,
  )

/**
 * The parts an import reads, as one zip stream of stored (already unpacked) entries, in the order exceljs's
 * streaming reader wants them. Each part is unpacked chunk by chunk through `unpackEntry` (checked to its end
 * by `checkParts` first, so the declared sizes written here are the real ones).
 */
function neededParts(entries: ZipEntry[]): ZipEntry[] {
  const byName = new Map(entries.map((entry) => [entry.name, entry]))
  const sheets = entries
    .filter((entry) => SHEET.test(entry.name))
    .sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]))
  return [...NEEDED.map((name) => byName.get(name)).filter((e): e is ZipEntry => !!e), ...sheets]
}

/**
 * Unpacks each part to its end and throws away the bytes: a part that lies about its size or passes the limit
 * is refused here, before the streaming reader starts. (A failure in the middle of exceljs's zip stream would
 * leave it waiting forever: a failing source is only unpiped, not passed on.) Costs one more inflate of parts
 * that are bounded already; holds one chunk at a time.
 */
async function checkParts(bytes: Buffer, parts: ZipEntry[]) {
  for (const entry of parts)
    for await (const chunk of unpackEntry(bytes, entry, XLSX_MAX_ENTRY_BYTES)) void chunk
}

function partsStream(bytes: Buffer, parts: ZipEntry[], failure: { problem?: ZipProblem }): Readable {
  async function* zip() {
    try {
      for (const entry of parts) {
        const name = Buffer.from(entry.name, 'utf8')
        // A local file header of a stored entry: sizes known up front (the declared size, which unpackEntry
        // holds the entry to), no CRC (the stream reader does not check it; the original's was not checked
        // either), no data descriptor.
        const header = Buffer.alloc(30)
        header.writeUInt32LE(0x04034b50, 0)
        header.writeUInt16LE(20, 4)
        header.writeUInt32LE(entry.size, 18)
        header.writeUInt32LE(entry.size, 22)
        header.writeUInt16LE(name.length, 26)
        yield Buffer.concat([header, name])
        for await (const chunk of unpackEntry(bytes, entry, XLSX_MAX_ENTRY_BYTES)) yield chunk
      }
      // The end of the central directory: the stream reader stops there.
      const end = Buffer.alloc(22)
      end.writeUInt32LE(0x06054b50, 0)
      yield end
    } catch (error) {
      // Not expected: `checkParts` unpacked these same bytes to their end before.
      if (error instanceof ZipProblem) failure.problem = error
      throw error
    }
  }
  return Readable.from(zip(), { objectMode: false, highWaterMark: 64 * 1024 })
}

/**
 * The data rows of an uploaded workbook for a template, read as a stream with bounded memory: the zip directory
 * is checked first (every part's declared size), only the parts an import needs are unpacked (each held to its
 * declared size and a limit), sheets are read row by row, and reading stops at the first row past the
 * template's limit. Every refusal is a 400 that says what to fix.
 */
export async function readWorkbook(bytes: Buffer, template: ImportTemplate): Promise<ParsedRow[]> {
  let entries: ZipEntry[]
  try {
    entries = zipDirectory(bytes, { entryBytes: XLSX_MAX_ENTRY_BYTES, totalBytes: XLSX_MAX_TOTAL_BYTES })
  } catch (error) {
    if (error instanceof ZipProblem) throw zipRefusal(error)
    throw error
  }
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) throw refused(NOT_XLSX)
  const maxRows = Number(template.template.maxRows ?? 5000)
  const tooMany = () =>
    refused(
      `The file has more than ${maxRows} data rows, the most template ${String(template.template.templateCode)} takes: split it into smaller files.`,
    )
  const parts = neededParts(entries)
  try {
    await checkParts(bytes, parts)
  } catch (error) {
    if (error instanceof ZipProblem) throw zipRefusal(error)
    throw error
  }
  const failure: { problem?: ZipProblem } = {}
  const input = partsStream(bytes, parts, failure)
  // The input fails only on a bug (the parts were checked): then exceljs's own error names it below.
  input.on('error', () => undefined)
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  const rows: ParsedRow[] = []
  const found: string[] = []
  const read = new Set<string>()
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name
      found.push(name)
      const sheet = template.sheets.find((s) => s.sheetName === name)
      let positions: Map<string, number> | undefined
      for await (const row of worksheet) {
        // A sheet the template does not read is still read to its end (the zip stream goes on after it).
        if (!sheet || row.number < sheet.headerRow) continue
        if (row.number === sheet.headerRow) {
          const titles = new Map<string, number>()
          row.eachCell((cell, col) => {
            const title = String(plain(cell.value) ?? '').trim()
            if (title && !titles.has(title)) titles.set(title, col)
          })
          const missing = lacking(sheet, titles)
          if (missing.length) throw lacksColumns(sheet, missing)
          positions = titles
          continue
        }
        if (!positions) throw lacksColumns(sheet)
        const data: Record<string, unknown> = {}
        for (const column of sheet.columns) {
          const value = fieldValue(
            column.field,
            plain(row.getCell(positions.get(column.columnTitle) ?? 0).value),
          )
          if (value !== undefined) data[column.fieldName] = value
        }
        if (!Object.keys(data).length) continue
        rows.push({ sheetName: sheet.sheetName, rowNumber: row.number, data })
        if (rows.length > maxRows) throw tooMany()
      }
      if (sheet) {
        if (!positions) throw lacksColumns(sheet)
        read.add(sheet.sheetName)
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (failure.problem) throw zipRefusal(failure.problem)
    throw refused(NOT_XLSX)
  } finally {
    input.destroy()
  }
  const missing = template.sheets.find((sheet) => !read.has(sheet.sheetName))
  if (missing)
    throw refused(
      `The workbook has no sheet '${missing.sheetName}' (sheets found: ${found.map((n) => `'${n}'`).join(', ') || 'none'}): use the template's sheet names (download the template).`,
    )
  if (!rows.length) throw refused('The file has no data rows under the header: fill in at least one row.')
  return rows
}
