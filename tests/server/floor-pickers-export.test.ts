/**
 * Issue 19: an export is the screen's columns, as shown. Generated over every list page with an export action:
 * the page's columns, titled in English from the page's texts and described as the list page sends them
 * (widgets/export-dialog/screen-columns.ts), must come back as the column tree (same titles, same order) and
 * as the file's header; a column drawn through a Lov holds the referenced record's name, not its id. The
 * stock export, where the supervisor found ids, is checked cell by cell against the list.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_PREFIX, type ServiceName } from '../../renderer/contract/wire.ts'
import type { ColumnModel } from '../../renderer/compile/compile-page.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { exportScreenColumns } from '../../widgets/export-dialog/screen-columns.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

type Node = Record<string, unknown>
interface ListPageFile {
  file: string
  route: string
  url: string
  params: Record<string, unknown>
  columns: ColumnModel[]
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pageFiles(join(dir, e.name)) : e.name.endsWith('.page.json') ? [join(dir, e.name)] : [],
  )
}

/** Every list page with an export action whose list URL needs nothing but the tenant. */
function exportPages(): ListPageFile[] {
  return pageFiles('schemas/pages').flatMap((file) => {
    const page = JSON.parse(readFileSync(file, 'utf8')) as Node
    const toolbar = (page.toolbar as { actions?: Array<{ type: string }> } | undefined)?.actions ?? []
    const source = page.dataSource as { service: ServiceName; path: string; params?: Node } | undefined
    const table = page.table as { columns?: Array<{ field: string }> } | undefined
    if (!toolbar.some((a) => a.type === 'export') || !source || !table?.columns) return []
    const path = source.path.replace('{tenantId}', '1')
    if (path.includes('{')) return []
    const texts = (page.texts ?? {}) as Record<string, { en_US?: string }>
    const fields = (page.fields ?? {}) as Record<string, ColumnModel['spec']>
    const columns = table.columns.map((c) => {
      const spec = fields[c.field] ?? ({ label: c.field, widget: 'Input' } as ColumnModel['spec'])
      return {
        field: c.field,
        title: texts[spec.label]?.en_US ?? spec.label,
        widget: spec.widget,
        spec,
      } as ColumnModel
    })
    return [
      {
        file,
        route: String(page.route),
        url: `/api${SERVICE_PREFIX[source.service]}${path}`,
        params: source.params ?? {},
        columns,
      },
    ]
  })
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/** CSV as the export writes it: BOM, CRLF, quoted cells with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = 0; i < body.length; i++) {
    const char = body[i]
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') endCell()
    else if (char === '\r' && body[i + 1] === '\n') {
      endCell()
      rows.push(row)
      row = []
      i++
    } else cell += char
  }
  if (cell || row.length) {
    endCell()
    rows.push(row)
  }
  return rows
}

async function exportCsv(page: ListPageFile) {
  const screen = exportScreenColumns(page.columns)
  const ids = screen.map((_, i) => i + 2).join(',')
  const params = {
    ...page.params,
    exportType: 'DATA',
    ids,
    fileType: 'CSV',
    exportColumns: JSON.stringify(screen),
  }
  const response = await injectAs(app, admin, 'GET', `${page.url}?${query(params)}`)
  return { response, rows: response.statusCode === 200 ? parseCsv(response.body) : [] }
}

const pages = exportPages()

describe('an export is the screen’s columns, as shown (generated over every list page with export)', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(150)
  })

  it('offers the screen’s columns as the column tree: same titles, same order', async () => {
    const wrong: string[] = []
    for (const page of pages) {
      const screen = exportScreenColumns(page.columns)
      const params = { ...page.params, exportType: 'COLUMN', exportColumns: JSON.stringify(screen) }
      const response = await injectAs(app, admin, 'GET', `${page.url}?${query(params)}`)
      const titles = (response.json() as { children?: Array<{ title: string }> }).children?.map(
        (c) => c.title,
      )
      if (JSON.stringify(titles) !== JSON.stringify(screen.map((c) => c.title)))
        wrong.push(`${page.file} (${response.statusCode}): ${JSON.stringify(titles)?.slice(0, 160)}`)
    }
    expect(wrong).toEqual([])
  }, 300_000)

  it('writes the screen’s titles as the header and names what a Lov column references', async () => {
    const wrong: string[] = []
    for (const page of pages) {
      const { response, rows } = await exportCsv(page)
      if (response.statusCode !== 200) {
        wrong.push(`${page.file}: ${response.statusCode} ${response.body.slice(0, 160)}`)
        continue
      }
      const [header, ...data] = rows
      if (JSON.stringify(header) !== JSON.stringify(page.columns.map((c) => c.title)))
        wrong.push(`${page.file}: header ${JSON.stringify(header)}`)
      page.columns.forEach((column, index) => {
        if (column.widget !== 'Lov') return
        const cells = data.map((row) => row[index] ?? '').filter(Boolean)
        if (cells.length && cells.every((cell) => /^\d+$/.test(cell)))
          wrong.push(`${page.file}: column ${column.field} holds ids (${cells.slice(0, 3).join(', ')})`)
      })
    }
    expect(wrong).toEqual([])
  }, 600_000)

  it('the stock export holds the warehouse and owner names the stock list shows, row by row', async () => {
    const page = pages.find((p) => p.route === '/winv/stock')
    expect(page).toBeDefined()
    const { rows } = await exportCsv(page!)
    const [header, ...data] = rows
    const list = (await injectAs(app, admin, 'GET', `${page!.url}?size=1000`)).json() as {
      content: Array<Record<string, unknown>>
    }
    const at = (field: string) => page!.columns.findIndex((c) => c.field === field)
    expect(header?.[at('warehouseId')]).toBe('Warehouse')
    expect(data).toHaveLength(list.content.length)
    const names = (field: string, name: string) =>
      new Set(list.content.map((r) => String(r[name] ?? r[field])))
    expect(new Set(data.map((r) => r[at('warehouseId')]))).toEqual(names('warehouseId', 'warehouseName'))
    expect(new Set(data.map((r) => r[at('ownerId')]))).toEqual(names('ownerId', 'ownerName'))
  })

  it('an async task keeps the screen’s columns and writes them (the worker names the references too)', async () => {
    const page = pages.find((p) => p.route === '/winv/stock')!
    const screen = exportScreenColumns(page.columns)
    const params = {
      exportType: 'DATA',
      ids: screen.map((_, i) => i + 2).join(','),
      fileType: 'CSV',
      async: 'true',
      fileName: 'stock-as-shown',
      exportColumns: JSON.stringify(screen),
    }
    const submitted = await injectAs(app, admin, 'GET', `${page.url}?${query(params)}`)
    expect(submitted.statusCode, submitted.body).toBe(200)
    await app.exportWorker.whenIdle()
    const tasks = await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/self/export-task?taskName=stock-as-shown')
    const task = (tasks.json() as { content: Array<{ state: string; downloadUrl: string }> }).content[0]
    expect(task?.state).toBe('DONE')
    const file = await injectAs(app, admin, 'GET', `/api${task!.downloadUrl}`)
    const [header, first] = parseCsv(file.body)
    expect(header).toEqual(screen.map((c) => c.title))
    const at = page.columns.findIndex((c) => c.field === 'warehouseId')
    expect(first?.[at]).toMatch(/\D/) // a name, not an id
  })

  it('refuses a column that is not a field of the model, naming the fields', async () => {
    const page = pages.find((p) => p.route === '/winv/stock')!
    const params = { exportType: 'COLUMN', exportColumns: JSON.stringify([{ field: 'secret', title: 'x' }]) }
    const response = await injectAs(app, admin, 'GET', `${page.url}?${query(params)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/'secret' is not a field of wms\/stock: use .*warehouseId/)
    const broken = await injectAs(app, admin, 'GET', `${page.url}?exportType=COLUMN&exportColumns=%5Bnope`)
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/exportColumns must be a JSON array/)
  })
})
