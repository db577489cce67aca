/**
 * The schema playground (/hpfm/schema-playground, issue 10): an administrator loads a served page by route,
 * pastes a page of their own with a real data source and sees its preview list the server's rows, then breaks
 * it and sees what is wrong with the JSON path of the broken node (and a JSON syntax error as such).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from './antd-locators'
import { launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** A list page of the tenant's warehouses (the model the seed fills), written here as a configurator would. */
const page = (column: string) =>
  JSON.stringify(
    {
      kind: 'list',
      route: '/wmdm/playground-check',
      title: 'play.title',
      description: 'Warehouses listed by a page written in the playground.',
      dataSource: {
        service: 'wms',
        path: '/v1/{tenantId}/warehouses',
        model: 'wms/warehouse',
        primaryKey: 'warehouseId',
      },
      fields: {
        warehouseCode: { label: 'play.code', widget: 'Input' },
        warehouseName: { label: 'play.name', widget: 'Input' },
      },
      table: { columns: [{ field: column }, { field: 'warehouseName' }] },
      texts: {
        'play.title': { zh_CN: '演练', en_US: 'Playground check', zh_TW: '演練' },
        'play.code': { zh_CN: '编码', en_US: 'Depot code (played)', zh_TW: '編碼' },
        'play.name': { zh_CN: '名称', en_US: 'Depot name (played)', zh_TW: '名稱' },
      },
    },
    null,
    2,
  )

/** The playground's editor (CodeMirror's content element, labelled "Page JSON"). */
const editor = (p: Page) => p.getByRole('textbox', { name: 'Page JSON' })

/** Replaces the whole text of the editor as a paste would. */
async function paste(p: Page, text: string) {
  await editor(p).click()
  await p.keyboard.press('ControlOrMeta+a')
  await p.keyboard.press('Delete')
  await p.keyboard.insertText(text)
  await expect.poll(() => editor(p).innerText()).toContain('"kind": "list"')
}

/** The preview pane (right of the editor). */
const preview = (p: Page) => p.getByTestId('playground-preview')

describe('schema playground', () => {
  it('previews a pasted page against the server, and names the JSON path of a broken one', async () => {
    const { page: p, context, problems } = await openSession(browser, 'en-US')
    await signIn(p, 'admin', 'Admin@123', '/hpfm/schema-playground')
    await p.waitForURL('**/hpfm/schema-playground')

    // A served page, loaded by route: its JSON in the editor and its rows in the preview.
    await p.getByRole('combobox', { name: 'Page route to load' }).fill('/wmdm/warehouse')
    await p.getByTitle('/wmdm/warehouse', { exact: true }).click()
    await p.getByRole('button', { name: 'Load', exact: true }).click()
    await expect
      .poll(() => editor(p).innerText(), { timeout: 15_000 })
      .toContain('"route": "/wmdm/warehouse"')
    await expect.poll(() => rows(preview(p)).count(), { timeout: 15_000 }).toBeGreaterThan(0)

    // A page of one's own, pasted: its columns with its own texts, the server's warehouses in its rows.
    await paste(p, page('warehouseCode'))
    await expect
      .poll(() => preview(p).getByRole('columnheader', { name: 'Depot code (played)' }).count(), {
        timeout: 15_000,
      })
      .toBe(1)
    await expect.poll(() => rows(preview(p)).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => preview(p).innerText()).toContain('WH-E001')

    // Broken: a column names a field the page does not declare. The panel says where (file, JSON path).
    await paste(p, page('warehouseCdoe'))
    const panel = preview(p).locator('[data-error-panel="page"]')
    await expect.poll(() => panel.count(), { timeout: 15_000 }).toBe(1)
    const told = await panel.innerText()
    expect(told).toContain('/table/columns/0/field')
    expect(told).toContain("names the field 'warehouseCdoe', which is not in /fields")
    expect(told).toContain("did you mean 'warehouseCode'?")
    expect(await rows(preview(p)).count()).toBe(0)

    // Not JSON at all: said so, with the parser's reason, in place of the preview.
    await paste(p, page('warehouseCode').replace('"kind": "list",', '"kind": "list"'))
    await expect
      .poll(() => preview(p).getByRole('alert').innerText(), { timeout: 15_000 })
      .toMatch(/not valid JSON \(.+\)/)

    // Fixed again: the rows are back.
    await paste(p, page('warehouseCode'))
    await expect.poll(() => rows(preview(p)).count(), { timeout: 15_000 }).toBeGreaterThan(0)

    expect(problems).toEqual([])
    await context.close()
  })
})
