/**
 * The xlsx side of an import: the template file (header row, samples as cell notes) and the reading of an
 * uploaded workbook into rows of field values. A file that is not xlsx, lacks a sheet or a column of the
 * template, or has more rows than the template allows is refused with a 400 that says what to fix.
 */
import type ExcelJS from 'exceljs'
import type { ModelField } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
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

export async function readWorkbook(bytes: Buffer, template: ImportTemplate): Promise<ParsedRow[]> {
  const workbook = new (await loadExcel()).Workbook()
  try {
    // exceljs's own Buffer type differs from Node's; the bytes are the same.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw badRequest(
      'The file is not a readable .xlsx workbook: save it as "Excel Workbook (*.xlsx)" and upload it again.',
    )
  }
  const rows: ParsedRow[] = []
  const maxRows = Number(template.template.maxRows ?? 5000)
  for (const sheet of template.sheets) {
    const worksheet = workbook.getWorksheet(sheet.sheetName)
    if (!worksheet) {
      const found = workbook.worksheets.map((w) => `'${w.name}'`).join(', ') || 'none'
      throw badRequest(
        `The workbook has no sheet '${sheet.sheetName}' (sheets found: ${found}): use the template's sheet names (download the template).`,
      )
    }
    const header = worksheet.getRow(sheet.headerRow)
    const positions = new Map<string, number>()
    header.eachCell((cell, col) => {
      const title = String(plain(cell.value) ?? '').trim()
      if (title && !positions.has(title)) positions.set(title, col)
    })
    const missing = sheet.columns.filter((column) => !positions.has(column.columnTitle))
    if (missing.length)
      throw badRequest(
        `Sheet '${sheet.sheetName}' lacks the column(s) ${missing.map((c) => `'${c.columnTitle}'`).join(', ')} in row ${sheet.headerRow}: keep the template's header row.`,
      )
    for (let r = sheet.headerRow + 1; r <= worksheet.rowCount; r++) {
      const row = worksheet.getRow(r)
      const data: Record<string, unknown> = {}
      for (const column of sheet.columns) {
        const value = fieldValue(
          column.field,
          plain(row.getCell(positions.get(column.columnTitle) ?? 0).value),
        )
        if (value !== undefined) data[column.fieldName] = value
      }
      if (!Object.keys(data).length) continue
      rows.push({ sheetName: sheet.sheetName, rowNumber: r, data })
      if (rows.length > maxRows)
        throw badRequest(
          `The file has more than ${maxRows} data rows, the most template ${String(template.template.templateCode)} takes: split it into smaller files.`,
        )
    }
  }
  if (!rows.length) throw badRequest('The file has no data rows under the header: fill in at least one row.')
  return rows
}
