/**
 * Replenishment and shipping on the screens (issue 19; schemas/README.md "Replenishment and shipping"): the
 * clerk generates the replenishment tasks of the warehouse on /winv/stockReplacement, confirms one with the
 * quantity actually moved, and the stock and the ledger follow; an express order is shipped from the order list
 * only once its carrier and tracking number are given in the ship dialog. Master data, stock, the rule and the
 * order are set up through the API; the steps under test are clicks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, formItem, rows, searchList } from './antd-locators'
import { apiOk, content, type Row, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const WAREHOUSE_ID = 1 // WH-E001, 上海一号仓
/** A new code per run and per call (a retry runs on the same database). */
const RUN = String(Date.now() % 100000)
let calls = 0

/** Picks the option showing `option` in the Lov labelled `label` inside `scope`, after typing `search`. */
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

/** Goods of OWN-A with `quantity` put away on a new reserve location, and a new empty pick location. */
async function fixtures(page: Page, token: string, quantity: number) {
  const tag = `${RUN}${++calls}`
  const owner = (await content(page, token, 'owners?ownerCode=OWN-A'))[0]!
  const rcv = (await content(page, token, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`))[0]!
  const areas = await content(page, token, `whareas?warehouseId=${WAREHOUSE_ID}&size=50`)
  const location = (code: string, areaType: string) =>
    apiOk(page, token, 'POST', 'locations', {
      warehouseId: WAREHOUSE_ID,
      whareaId: areas.find((a) => a.areaType === areaType)!.whareaId,
      locationCode: `E2E-${code}-${tag}`,
      locationType: 'SHELF',
    })
  const reserve = await location('RS', 'STORAGE')
  const pick = await location('PK', 'PICKING')
  const goods = await apiOk(page, token, 'POST', 'goods', {
    goodsCode: `E2E-RP-${tag}`,
    goodsName: `E2E replenish ${tag}`,
    ownerId: owner.ownerId,
    uomCode: 'EA',
    weight: 1,
  })
  const header = await newInboundOrder(
    page,
    token,
    { warehouseId: WAREHOUSE_ID, ownerId: owner.ownerId, receivingLocationId: rcv.locationId },
    [{ goodsId: goods.goodsId, quantity, putawayLocationId: reserve.locationId }],
  )
  const id = Number(header.inboundOrderId)
  for (const action of ['execute', 'receive', 'putaway'])
    await apiOk(
      page,
      token,
      'POST',
      `inbound-orders/${id}/${action}`,
      await apiOk(page, token, 'GET', `inbound-orders/${id}`),
    )
  return { owner, goods, reserve, pick }
}

const onHand = async (page: Page, token: string, goods: Row, location: Row) =>
  (await content(page, token, `stocks?goodsId=${goods.goodsId}&locationId=${location.locationId}`)).reduce(
    (sum, row) => sum + Number(row.quantity),
    0,
  )

describe('replenishment and shipping on the screens', () => {
  it('the clerk generates the tasks of the warehouse, confirms one with the quantity moved, and the stock follows', async () => {
    const admin = await openSession(browser, 'en-US')
    const clerk = await openSession(browser, 'en-US')
    try {
      await signIn(admin.page, 'admin', 'Admin@123')
      await admin.page.waitForURL('**/workplace')
      const adminToken = await accessToken(admin.context)
      const f = await fixtures(admin.page, adminToken, 30)
      await apiOk(admin.page, adminToken, 'POST', 'replenishment-rules', {
        warehouseId: WAREHOUSE_ID,
        goodsId: f.goods.goodsId,
        pickLocationId: f.pick.locationId,
        minQuantity: 5,
        maxQuantity: 20,
      })

      const { page, problems } = clerk
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(clerk.context)
      await page.goto('/winv/stockReplacement')
      const list = page.locator('[data-page-key="/winv/stockReplacement"]')
      await list.getByRole('button', { name: 'Generate tasks', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Generate replenishment tasks' })
      await dialog.waitFor(SLOW)
      await pickLov(page, dialog, 'Warehouse', '上海一号仓')
      await dialog.getByRole('button', { name: 'Generate tasks', exact: true }).click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      await page
        .getByText(/replenishment task\(s\) created/)
        .first()
        .waitFor(SLOW)

      const [task] = await content(
        page,
        token,
        `stock-replacements?goodsId=${f.goods.goodsId}&replenishStatus=NEW`,
      )
      expect(task).toMatchObject({
        fromLocationCode: f.reserve.locationCode,
        toLocationCode: f.pick.locationCode,
      })
      expect(Number(task!.quantity)).toBe(20)
      await searchList(list, 'Task number', String(task!.replenishNum))
      await expect.poll(() => rows(list).count(), SLOW).toBe(1)
      const row = rows(list).first()
      await row.getByRole('button', { name: 'Confirm', exact: true }).click()
      const confirm = page.locator('.ant-modal-content').filter({ hasText: 'Confirm the replenishment task' })
      await confirm.waitFor(SLOW)
      expect(await field(confirm, 'Quantity moved').inputValue()).toBe('20')
      await field(confirm, 'Quantity moved').fill('15')
      await confirm.getByRole('button', { name: 'Confirm', exact: true }).click()
      await expect.poll(() => row.innerText(), SLOW).toContain('Done')
      expect(await row.innerText()).toContain('15')

      expect(await onHand(page, token, f.goods, f.reserve)).toBe(15)
      expect(await onHand(page, token, f.goods, f.pick)).toBe(15)
      const moves = await content(
        page,
        token,
        `stock-transactions?docType=REPLENISH&docNum=${String(task!.replenishNum)}`,
      )
      expect(moves.map((move) => Number(move.quantityChange)).sort((a, b) => a - b)).toEqual([-15, 15])
      expect(new Set(moves.map((move) => move.operatorId))).toEqual(new Set([3]))
      expect(moves.every((move) => move.operatorName && move.transactionDate)).toBe(true)
      expect(admin.problems).toEqual([])
      expect(problems).toEqual([])
    } finally {
      await admin.context.close()
      await clerk.context.close()
    }
  })

  it('ships an express order from the order list only with its carrier and tracking number', async () => {
    const admin = await openSession(browser, 'en-US')
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(admin.page, 'admin', 'Admin@123')
      await admin.page.waitForURL('**/workplace')
      const adminToken = await accessToken(admin.context)
      const f = await fixtures(admin.page, adminToken, 5)
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const { header } = (await apiOk(page, token, 'POST', 'outbound-orders/with-lines', {
        header: {
          orderType: 'NORMAL',
          deliveryType: 'EXPRESS',
          warehouseId: WAREHOUSE_ID,
          ownerId: f.owner.ownerId,
          customerName: 'E2E carrier',
          receiverName: 'E2E receiver',
          receiverPhone: '13900006666',
          receiverAddress: '6 E2E road',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: [{ _status: 'create', lineNum: 1, goodsId: f.goods.goodsId, quantity: 2 }],
          },
        ],
      })) as { header: Row }
      const id = Number(header.outboundOrderId)
      for (const [action, body] of [
        ['submit', {}],
        ['allocate', {}],
        ['pick', {}],
        ['pack', { weight: 1 }],
      ] as const)
        await apiOk(page, token, 'POST', `outbound-orders/${id}/${action}`, {
          ...(await apiOk(page, token, 'GET', `outbound-orders/${id}`)),
          ...body,
        })

      await page.goto('/winv/outboundOrder')
      const orders = page.locator('[data-page-key="/winv/outboundOrder"]')
      await searchList(orders, 'Order number', String(header.orderNum))
      await expect.poll(() => rows(orders).count(), SLOW).toBe(1)
      const row = rows(orders).first()
      await row.getByRole('button', { name: 'Ship', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Tracking number' })
      await dialog.waitFor(SLOW)
      // without them the server refuses and the dialog says what to give
      await dialog.getByRole('button', { name: 'Ship', exact: true }).click()
      await expect
        .poll(() => dialog.locator('.ant-alert-error').innerText(), SLOW)
        .toContain('give the carrier and tracking number')
      await pickLov(page, dialog, 'Carrier', 'SF', '顺丰')
      await field(dialog, 'Tracking number').fill('SF-E2E-0001')
      await dialog.getByRole('button', { name: 'Ship', exact: true }).click()
      await expect.poll(() => row.innerText(), SLOW).toContain('Shipped')
      expect(await row.innerText()).toContain('SF-E2E-0001')
      expect(await apiOk(page, token, 'GET', `outbound-orders/${id}`)).toMatchObject({
        orderStatus: 'SHIPPED',
        carrierCode: 'SF',
        trackingNum: 'SF-E2E-0001',
      })
      // the one refusal was the ship without carrier and tracking number (and the browser's console line for it)
      expect(problems).toEqual([
        expect.stringMatching(/^http 400 POST .*\/outbound-orders\/\d+\/ship$/),
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
    } finally {
      await admin.context.close()
      await context.close()
    }
  })
})
