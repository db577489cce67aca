/**
 * A warehouse clerk's day through the real screens (issue 7's proof): receive goods on a new inbound order
 * (create → execute → receive → put away), find them on the stock query screen, ship an outbound order (create →
 * submit → allocate → pick → pack → ship), count the stock and post a difference (create → start → count → post).
 * After each step the stock balances and the stock ledger are read back (API reads with the clerk's own token,
 * and the stock screens). Clicks only: the API is used to read state, never to move it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { drawer, field, formItem, openMenu, rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** A busy 2-core machine: a screen may take a while to draw its rows. */
/** A quantity cell: the number in the warehouse's quantity precision (the digits follow its config). */
const quantity = (n: number) => new RegExp(`(^|\\s)${n}(\\.0+)?(\\s|$)`)
const SLOW = { timeout: 30_000 }
/** Toolbar and row buttons debounce repeated clicks. */
const DEBOUNCE_MS = 1600

const GOODS = 'SKU00007' // 护手霜 50g, owner OWN-A, not batch or serial tracked
const WAREHOUSE_ID = 1 // WH-E001 上海一号仓, the clerk's default warehouse
const PUTAWAY = 'P01-08'

type Row = Record<string, unknown>

async function apiGet(page: Page, token: string, path: string): Promise<Row> {
  const response = await page.request.get(`/api/wms/v1/1/${path}`, {
    headers: { authorization: `bearer ${token}` },
  })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as Row
}

const content = async (page: Page, token: string, path: string) =>
  (await apiGet(page, token, path)).content as Row[]

/** The goods' balances in the warehouse, by location code. */
async function balances(page: Page, token: string): Promise<Map<string, number>> {
  const list = await content(page, token, `stocks?goodsCode=${GOODS}&warehouseId=${WAREHOUSE_ID}&size=200`)
  return new Map(list.map((row) => [String(row.locationCode), Number(row.quantity)]))
}

/** What is reserved of the goods in the warehouse (allocated, not yet shipped). */
async function reservedTotal(page: Page, token: string): Promise<number> {
  const list = await content(page, token, `stocks?goodsCode=${GOODS}&warehouseId=${WAREHOUSE_ID}&size=200`)
  return list.reduce((sum, row) => sum + Number(row.reservedQuantity), 0)
}

const total = (map: Map<string, number>) => [...map.values()].reduce((sum, q) => sum + q, 0)

/** The ledger rows a document wrote. */
const ledger = (page: Page, token: string, docNum: string) =>
  content(page, token, `stock-transactions?docNum=${encodeURIComponent(docNum)}&size=200`)

/** Types into a Lov's search box and picks the option whose text contains `option`. */
async function pickLov(page: Page, scope: Locator, label: string, search: string, option = search) {
  const box = formItem(scope, label).locator('.ant-select')
  await box.click()
  await box.locator('input').fill(search)
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
  await choice.waitFor(SLOW)
  await choice.click()
  await expect.poll(() => formItem(scope, label).innerText(), SLOW).toContain(option)
}

/** Clicks a row action and, for one that asks first, confirms its dialog. */
async function rowAction(page: Page, row: Locator, name: string, confirm = false) {
  await row.getByRole('button', { name, exact: true }).click()
  if (!confirm) return
  const ok = page.locator('.ant-modal-confirm .ant-btn-primary, .ant-popconfirm .ant-btn-primary').first()
  await ok.waitFor(SLOW)
  await ok.click()
}

/** The shell keeps every opened tab's page: scope to the one of `route`. */
const screen = (page: Page, route: string) => page.locator(`[data-page-key="${route}"]`)

/** Searches the list page's first search field labelled `label` for `value`. */
async function search(page: Locator, label: string, value: string) {
  const bar = page.locator('form').first()
  await page.getByRole('button', { name: 'Search', exact: true }).waitFor(SLOW)
  // fields past the first row sit behind "More"
  if (!(await field(bar, label).isVisible())) await page.getByRole('button', { name: 'More' }).click()
  await field(bar, label).fill(value)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
}

describe('a clerk receives, finds, ships and counts stock through the screens', () => {
  it('walks inbound → stock query → outbound → stock count, with the stock and the ledger after each step', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'clerk', 'Clerk@123')
    await page.waitForURL('**/workplace')
    const token = await accessToken(context)
    const before = await balances(page, token)
    const reservedBefore = await reservedTotal(page, token)
    // 1. receive: a new inbound order with one line, executed, received and put away
    await openMenu(page, 'Inbound', 'Inbound orders')
    await page.waitForURL('**/winv/inboundOrder')
    await expect.poll(() => rows(page).count(), SLOW).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'New inbound order' }).click()
    await page.waitForURL('**/winv/inboundOrder/create')
    const header = screen(page, '/winv/inboundOrder/create')
    await pickLov(page, header, 'Warehouse', '上海一号仓')
    await pickLov(page, header, 'Owner', '华东日化')
    await pickLov(page, header, 'Receiving location', 'RCV-01')
    await field(header, 'Supplier').fill('E2E supplier')
    await page.getByRole('button', { name: 'Add line' }).click()
    const line = drawer(page)
    await pickLov(page, line, 'Goods', '护手霜')
    await field(line, 'Quantity').fill('12')
    await pickLov(page, line, 'Putaway location', PUTAWAY)
    await line.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => line.isVisible(), SLOW).toBe(false)
    await expect.poll(() => header.locator('tr.ant-table-row').count(), SLOW).toBe(1)
    await header.getByRole('button', { name: /^Save/ }).click()
    await page.waitForURL(/inboundOrderId=\d+/, SLOW)
    const inboundId = Number(new URL(page.url()).searchParams.get('inboundOrderId'))
    const inbound = await apiGet(page, token, `inbound-orders/${inboundId}`)
    expect(inbound).toMatchObject({
      orderStatus: 'NEW',
      warehouseId: WAREHOUSE_ID,
      warehouseName: '上海一号仓',
    })
    const inboundNum = String(inbound.orderNum)
    const inboundLines = await content(page, token, `inbound-order-lines?inboundOrderId=${inboundId}`)
    expect(inboundLines).toMatchObject([
      { lineNum: 1, goodsCode: GOODS, quantity: 12, putawayLocationCode: PUTAWAY },
    ])

    await openMenu(page, 'Inbound', 'Inbound orders')
    await page.waitForURL(/\/winv\/inboundOrder$/)
    const inboundList = screen(page, '/winv/inboundOrder')
    await search(inboundList, 'Order number', inboundNum)
    await expect.poll(() => rows(inboundList).count(), SLOW).toBe(1)
    const inboundRow = rows(inboundList).first()
    expect(await inboundRow.innerText()).toContain('上海一号仓')
    await rowAction(page, inboundRow, 'Execute')
    await expect.poll(() => inboundRow.innerText(), SLOW).toContain('Executing')
    await page.waitForTimeout(DEBOUNCE_MS)
    await rowAction(page, inboundRow, 'Receive all', true)
    await expect.poll(() => inboundRow.innerText(), SLOW).toContain('Received')
    const received = await balances(page, token)
    expect(received.get('RCV-01') ?? 0).toBe((before.get('RCV-01') ?? 0) + 12)
    expect(total(received)).toBe(total(before) + 12)
    await page.waitForTimeout(DEBOUNCE_MS)
    await rowAction(page, inboundRow, 'Put away', true)
    await expect.poll(() => inboundRow.innerText(), SLOW).toContain('Completed')
    const stored = await balances(page, token)
    expect(stored.get('RCV-01') ?? 0).toBe(before.get('RCV-01') ?? 0)
    expect(stored.get(PUTAWAY)).toBe((before.get(PUTAWAY) ?? 0) + 12)
    const inboundLog = await ledger(page, token, inboundNum)
    expect(
      inboundLog.map((row) => [row.docType, row.locationCode, Number(row.quantityChange)]).sort(),
    ).toEqual(
      [
        ['INBOUND', 'RCV-01', 12],
        ['PUTAWAY', 'RCV-01', -12],
        ['PUTAWAY', PUTAWAY, 12],
      ].sort(),
    )

    // 2. find them: the stock query screen shows the new balance at the putaway location
    await openMenu(page, 'Stock', 'Stock query')
    await page.waitForURL('**/winv/stockQuery')
    const query = screen(page, '/winv/stockQuery')
    await search(query, 'Goods code', GOODS)
    const putawayRow = rows(query).filter({ hasText: PUTAWAY }).filter({ hasText: '上海一号仓' })
    await expect.poll(() => putawayRow.count(), SLOW).toBe(1)
    expect(await putawayRow.innerText()).toMatch(quantity((before.get(PUTAWAY) ?? 0) + 12))

    // 3. ship: a new outbound order of 5, submitted, allocated, picked, packed and shipped from the order list
    await openMenu(page, 'Outbound', 'Outbound orders')
    await page.waitForURL('**/winv/outboundOrder')
    const outboundList = screen(page, '/winv/outboundOrder')
    await expect.poll(() => rows(outboundList).count(), SLOW).toBeGreaterThan(0)
    await outboundList.getByRole('button', { name: 'New order' }).click()
    await page.waitForURL('**/winv/outboundOrder/create')
    const order = screen(page, '/winv/outboundOrder/create')
    await pickLov(page, order, 'Warehouse', '上海一号仓')
    await pickLov(page, order, 'Owner', '华东日化')
    await field(order, 'Customer').fill('E2E clerk customer')
    await field(order, 'Receiver').fill('E2E receiver')
    await field(order, 'Receiver phone').fill('13900002222')
    await field(order, 'Delivery address').fill('1 E2E road')
    await order.getByRole('button', { name: 'Add line' }).click()
    const outLine = drawer(page)
    await pickLov(page, outLine, 'Goods', '护手霜')
    await field(outLine, 'Quantity').fill('5')
    await outLine.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => outLine.isVisible(), SLOW).toBe(false)
    await order.getByRole('button', { name: /^Save/ }).click()
    await page.waitForURL(/outboundOrderId=\d+/, SLOW)
    const outboundId = Number(new URL(page.url()).searchParams.get('outboundOrderId'))
    const outbound = await apiGet(page, token, `outbound-orders/${outboundId}`)
    expect(outbound).toMatchObject({ orderStatus: 'NEW', warehouseName: '上海一号仓' })
    const outboundNum = String(outbound.orderNum)

    await openMenu(page, 'Outbound', 'Outbound orders')
    await page.waitForURL(/\/winv\/outboundOrder$/)
    await search(outboundList, 'Order number', outboundNum)
    await expect.poll(() => rows(outboundList).count(), SLOW).toBe(1)
    const outboundRow = rows(outboundList).first()
    const steps: Array<[string, string]> = [
      ['Submit', 'Submitted'],
      ['Allocate', 'Allocated'],
      ['Confirm picking', 'Picked'],
      ['Pack and weigh', 'Packed'],
      ['Ship', 'Shipped'],
    ]
    for (const [action, status] of steps) {
      await rowAction(page, outboundRow, action)
      if (action === 'Ship') {
        // the ship dialog asks for carrier and tracking number: this order states no delivery type needing them
        const shipDialog = page.locator('.ant-modal-content').filter({ hasText: 'Tracking number' })
        await shipDialog.getByRole('button', { name: 'Ship', exact: true }).click()
      }
      if (action === 'Allocate') {
        // the allocate dialog offers "Backorder the rest" (off: all or nothing); there is stock for all 5
        const allocateDialog = page.locator('.ant-modal-content').filter({ hasText: 'Backorder the rest' })
        await allocateDialog.getByRole('button', { name: 'Allocate', exact: true }).click()
      }
      if (action === 'Confirm picking') {
        // the pick asks for serial numbers only of serial-tracked goods: hand cream needs none
        const pickDialog = page.locator('.ant-modal-content').filter({ hasText: 'Serial numbers' })
        await pickDialog
          .getByText('None of the goods picked here is serial tracked: confirm to pick.')
          .waitFor(SLOW)
        await pickDialog.getByRole('button', { name: 'Confirm picking', exact: true }).click()
      }
      await expect.poll(() => outboundRow.innerText(), SLOW).toContain(status)
      if (action === 'Allocate') {
        // reserved, not yet gone: on hand unchanged, the ledger has the reservation
        expect(await reservedTotal(page, token)).toBe(reservedBefore + 5)
        expect(total(await balances(page, token))).toBe(total(before) + 12)
      }
      await page.waitForTimeout(DEBOUNCE_MS)
    }
    const shipped = await balances(page, token)
    expect(total(shipped)).toBe(total(before) + 12 - 5)
    const outboundLog = await ledger(page, token, outboundNum)
    const shipRows = outboundLog.filter((row) => row.docType === 'OUTBOUND')
    expect(shipRows.reduce((sum, row) => sum + Number(row.quantityChange), 0)).toBe(-5)
    expect(shipRows.every((row) => Number(row.reservedChange) === Number(row.quantityChange))).toBe(true)

    // 4. count: a count of the warehouse, started (book quantities), one line counted one short, posted
    await openMenu(page, 'Stock', 'Stock counts')
    await page.waitForURL('**/winv/stockCount')
    const counts = screen(page, '/winv/stockCount')
    await counts.getByRole('button', { name: 'Create' }).click()
    const countForm = drawer(page)
    await pickLov(page, countForm, 'Warehouse', '上海一号仓')
    await countForm.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => countForm.isVisible(), SLOW).toBe(false)
    const created = (
      await content(page, token, 'stock-counts?countStatus=NEW&size=1&sort=stockCountId,desc')
    )[0]!
    expect(created).toMatchObject({ warehouseId: WAREHOUSE_ID, createdBy: expect.any(Number) })
    const countNum = String(created.countNum)
    await search(counts, 'Count number', countNum)
    await expect.poll(() => rows(counts).count(), SLOW).toBe(1)
    const countRow = rows(counts).first()
    await rowAction(page, countRow, 'Start', true)
    await expect.poll(() => countRow.innerText(), SLOW).toContain('Counting')
    const atStart = await balances(page, token)
    await countRow.getByRole('button', { name: 'Count lines' }).click()
    await page.waitForURL(/\/winv\/stockCount\/detail\?stockCountId=\d+/, SLOW)
    const lines = page.locator('[data-page-key^="/winv/stockCount/detail"]')
    // the count's lines (the address carries the count), narrowed to the goods at the putaway location
    await expect.poll(() => rows(lines).count(), SLOW).toBeGreaterThan(0)
    await field(lines.locator('form').first(), 'Location code').fill(PUTAWAY)
    await search(lines, 'Goods code', GOODS)
    const countLine = rows(lines).filter({ hasText: GOODS }).filter({ hasText: PUTAWAY })
    await expect.poll(() => countLine.count(), SLOW).toBe(1)
    const book = atStart.get(PUTAWAY)!
    expect(await countLine.innerText()).toMatch(quantity(book))
    await countLine.getByRole('button', { name: 'Enter count' }).click()
    const lineForm = drawer(page)
    await field(lineForm, 'Counted').fill(String(book - 1))
    await lineForm.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => lineForm.isVisible(), SLOW).toBe(false)
    await expect.poll(() => countLine.innerText(), SLOW).toMatch(quantity(-1))

    await openMenu(page, 'Stock', 'Stock counts')
    await page.waitForURL(/\/winv\/stockCount$/)
    await rowAction(page, countRow, 'Post', true)
    await expect.poll(() => countRow.innerText(), SLOW).toContain('Posted')
    const counted = await balances(page, token)
    expect(counted.get(PUTAWAY)).toBe(book - 1)
    expect(total(counted)).toBe(total(atStart) - 1)
    const countLog = await ledger(page, token, countNum)
    expect(
      countLog.map((row) => [row.docType, row.goodsCode, row.locationCode, Number(row.quantityChange)]),
    ).toEqual([['COUNT', GOODS, PUTAWAY, -1]])

    // the stock ledger screen shows the count's row
    await openMenu(page, 'Stock', 'Stock ledger')
    await page.waitForURL('**/winv/stockLogs')
    const logs = screen(page, '/winv/stockLogs')
    await search(logs, 'Document number', countNum)
    await expect.poll(() => rows(logs).count(), SLOW).toBe(1)
    expect(await rows(logs).first().innerText()).toContain(PUTAWAY)
    expect(problems).toEqual([])
    await context.close()
  })
})
