/**
 * Scanning-confirmed picking on a handheld (issue 19; schemas/README.md "Scanning and floor reports"): a clerk
 * on a 400 × 800 screen opens the scan picking page, types the order number and then, task by task in pick path
 * order, the location, the goods barcode and the quantity, each followed by Enter as a keyboard-wedge scanner
 * sends it; a wrong barcode turns the banner red and names what was expected; Enter on the last confirms and the
 * order is PICKED. The page fits the width (no horizontal scroll). The floor report screens open clean for the
 * clerk, whose menu shows them. Set-up through the API; the steps under test are typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { axeViolations } from './axe'
import { apiOk, content, type Row, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const WAREHOUSE_ID = 1 // WH-E001
/** A new code per run (a retry runs on the same database). */
const RUN = String(Date.now() % 100000)
let calls = 0

/** An ALLOCATED order of two goods, each stocked at its own new location; answers the order and its tasks. */
async function allocatedOrder(page: Page, token: string) {
  const TAG = `${RUN}${++calls}`
  const owner = (await content(page, token, 'owners?ownerCode=OWN-A'))[0]!
  const rcv = (await content(page, token, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`))[0]!
  const area = (await content(page, token, `whareas?warehouseId=${WAREHOUSE_ID}&size=50`)).find(
    (a) => a.areaType === 'STORAGE',
  )!
  const placed: Array<{ goods: Row; location: Row }> = []
  for (const [suffix, sequence] of [
    ['B', 2],
    ['A', 1],
  ] as const) {
    const location = await apiOk(page, token, 'POST', 'locations', {
      warehouseId: WAREHOUSE_ID,
      whareaId: area.whareaId,
      locationCode: `E2E-SC${suffix}-${TAG}`,
      locationType: 'PALLET',
      capacity: 100,
      pickSequence: sequence,
    })
    const goods = await apiOk(page, token, 'POST', 'goods', {
      goodsCode: `E2E-SCAN-${suffix}-${TAG}`,
      goodsName: `E2E scan ${suffix}`,
      barcode: `69${TAG}${suffix === 'A' ? '1' : '2'}`,
      ownerId: owner.ownerId,
      uomCode: 'EA',
      weight: 1,
    })
    const header = await newInboundOrder(
      page,
      token,
      { warehouseId: WAREHOUSE_ID, ownerId: owner.ownerId, receivingLocationId: rcv.locationId },
      [{ goodsId: goods.goodsId, quantity: 5, putawayLocationId: location.locationId }],
    )
    for (const action of ['execute', 'receive', 'putaway'])
      await apiOk(
        page,
        token,
        'POST',
        `inbound-orders/${String(header.inboundOrderId)}/${action}`,
        await apiOk(page, token, 'GET', `inbound-orders/${String(header.inboundOrderId)}`),
      )
    placed.push({ goods, location })
  }
  const { header } = (await apiOk(page, token, 'POST', 'outbound-orders/with-lines', {
    header: {
      orderType: 'NORMAL',
      warehouseId: WAREHOUSE_ID,
      ownerId: owner.ownerId,
      customerName: 'E2E scan',
      receiverName: 'E2E receiver',
      receiverPhone: '13900006666',
      receiverAddress: '6 E2E road',
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: placed.map(({ goods }, i) => ({
          _status: 'create',
          lineNum: i + 1,
          goodsId: goods.goodsId,
          quantity: 2,
        })),
      },
    ],
  })) as { header: Row }
  const id = Number(header.outboundOrderId)
  for (const action of ['submit', 'allocate'])
    await apiOk(
      page,
      token,
      'POST',
      `outbound-orders/${id}/${action}`,
      await apiOk(page, token, 'GET', `outbound-orders/${id}`),
    )
  // pick path order: A (sequence 1) before B (sequence 2), though B is the order's first line
  return { id, orderNum: String(header.orderNum), walk: [placed[1]!, placed[0]!] }
}

describe('scanning-confirmed picking on a handheld', () => {
  it('a clerk at 400 px picks an allocated order by typing barcodes and Enter; a wrong barcode is red', async () => {
    const admin = await openSession(browser, 'en-US')
    const clerk = await openSession(browser, 'en-US')
    try {
      await signIn(admin.page, 'admin', 'Admin@123')
      await admin.page.waitForURL('**/workplace')
      const adminToken = await accessToken(admin.context)
      const order = await allocatedOrder(admin.page, adminToken)

      const { page, problems } = clerk
      await page.setViewportSize({ width: 400, height: 800 })
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      await page.goto('/winv/outboundOrder/scanPick')
      const input = page.getByTestId('scan-input')
      const feedback = page.getByTestId('scan-feedback')
      const scan = async (text: string) => {
        await expect.poll(() => input.isEnabled(), SLOW).toBe(true)
        await input.focus()
        await page.keyboard.type(text)
        await page.keyboard.press('Enter')
      }
      await input.waitFor(SLOW)
      await scan(order.orderNum)
      const location = page.getByTestId('scan-line-location')
      await expect
        .poll(() => location.textContent(), SLOW)
        .toContain(String(order.walk[0]!.location.locationCode))

      // The first task: the right location, then the other goods' barcode: red, naming the expected goods.
      await scan(String(order.walk[0]!.location.locationCode))
      await expect.poll(() => feedback.getAttribute('data-tone')).toBe('ok')
      await scan(String(order.walk[1]!.goods.barcode))
      await expect.poll(() => feedback.getAttribute('data-tone')).toBe('error')
      expect(await feedback.textContent()).toContain(
        `Wrong goods: ${String(order.walk[1]!.goods.barcode)} scanned`,
      )
      expect(await feedback.textContent()).toContain(String(order.walk[0]!.goods.barcode))
      await scan(String(order.walk[0]!.goods.barcode))
      await expect.poll(() => feedback.getAttribute('data-tone')).toBe('ok')
      await scan('2')
      // The second task, then Enter on the empty input confirms.
      await expect
        .poll(() => location.textContent(), SLOW)
        .toContain(String(order.walk[1]!.location.locationCode))
      await scan(String(order.walk[1]!.location.locationCode))
      await scan(String(order.walk[1]!.goods.barcode))
      await scan('2')
      await expect.poll(() => feedback.textContent(), SLOW).toContain('All 2 lines scanned')
      // The handheld's layout fits: nothing wider than the screen.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 401)
          .slice(0, 12)
          .map(
            (el) =>
              `${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)}`,
          ),
      )
      expect(wide, 'elements reaching past the 400 px screen').toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
      expect(await axeViolations(page)).toEqual([])
      await scan('')
      await expect.poll(() => feedback.textContent(), SLOW).toContain(`Document ${order.orderNum} confirmed`)
      const picked = await apiOk(admin.page, adminToken, 'GET', `outbound-orders/${order.id}`)
      expect(picked.orderStatus).toBe('PICKED')
      expect(problems).toEqual([])
    } finally {
      await admin.context.close()
      await clerk.context.close()
    }
  })

  it('the floor report screens open clean for the clerk', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      for (const route of [
        '/winv/on-hand-value',
        '/winv/stock-ageing',
        '/winv/stock-ageing/table',
        '/winv/goods-movement',
        '/winv/throughput',
      ]) {
        await page.goto(route)
        const shown = page.locator(`[data-page-key="${route}"]`)
        await shown.waitFor(SLOW)
        await page.waitForFunction(
          () => !document.querySelector('.ant-spin-spinning, .ant-skeleton'),
          null,
          SLOW,
        )
        expect(await shown.locator('.ant-alert-error').count(), route).toBe(0)
        expect((await shown.innerText()).trim().length, route).toBeGreaterThan(0)
        expect(await axeViolations(page), route).toEqual([])
      }
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
