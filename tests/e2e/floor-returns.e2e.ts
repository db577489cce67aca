/**
 * A customer return on the screens (issue 19; schemas/README.md "Returns (issue 19)"), as the warehouse clerk:
 * the return of a shipped order is received into the QC location from the list ("Receive into QC"), its saved
 * document shows its number and status, and on QC lines the clerk releases the line to a storage location by
 * typing its code; the stock moves QC → storage and the ledger names the clerk. The shipped order and the
 * return's lines are set up through the API; the steps under test are clicks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { rows, searchList } from './antd-locators'
import { apiOk, content, type Row, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const WAREHOUSE_ID = 1 // WH-E001, granted to the clerk, with the QC area's location QC-01

describe('customer returns on the screens', () => {
  it('the clerk receives a return into QC and releases it to a storage location', async () => {
    const admin = await openSession(browser, 'en-US')
    const clerk = await openSession(browser, 'en-US')
    const TAG = String(Date.now() % 1000000) // a new code per attempt (a retry runs on the same database)
    try {
      await signIn(admin.page, 'admin', 'Admin@123')
      await admin.page.waitForURL('**/workplace')
      const adminToken = await accessToken(admin.context)
      const call = (method: string, path: string, data?: unknown) =>
        apiOk(admin.page, adminToken, method, path, data)
      const act = async (resource: string, id: unknown, action: string, body: Row = {}) =>
        call('POST', `${resource}/${String(id)}/${action}`, {
          ...(await call('GET', `${resource}/${String(id)}`)),
          ...body,
        })

      // goods of OWN-A, 10 in a storage location of its own, 4 shipped
      const owner = (await content(admin.page, adminToken, 'owners?ownerCode=OWN-A'))[0]!
      const rcv = (
        await content(admin.page, adminToken, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`)
      )[0]!
      const area = (
        await content(admin.page, adminToken, `whareas?warehouseId=${WAREHOUSE_ID}&size=50`)
      ).find((a) => a.areaType === 'STORAGE')!
      const shelf = await call('POST', 'locations', {
        warehouseId: WAREHOUSE_ID,
        whareaId: area.whareaId,
        locationCode: `E2E-RT-${TAG}`,
        locationType: 'PALLET',
      })
      const goods = await call('POST', 'goods', {
        goodsCode: `E2E-RT-${TAG}`,
        goodsName: 'E2E returned goods',
        ownerId: owner.ownerId,
        uomCode: 'EA',
        weight: 1,
      })
      const inbound = await newInboundOrder(
        admin.page,
        adminToken,
        { warehouseId: WAREHOUSE_ID, ownerId: owner.ownerId, receivingLocationId: rcv.locationId },
        [{ goodsId: goods.goodsId, quantity: 10, putawayLocationId: shelf.locationId }],
      )
      for (const action of ['execute', 'receive', 'putaway'])
        await act('inbound-orders', inbound.inboundOrderId, action)
      const order = (
        (await call('POST', 'outbound-orders/with-lines', {
          header: {
            orderType: 'NORMAL',
            warehouseId: WAREHOUSE_ID,
            ownerId: owner.ownerId,
            customerName: 'E2E returning customer',
            receiverName: 'E2E receiver',
            receiverPhone: '13900006666',
            receiverAddress: '6 E2E road',
          },
          lines: [
            {
              key: 'lines',
              resource: 'outbound-lines',
              parentField: 'outboundOrderId',
              rows: [{ _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity: 4 }],
            },
          ],
        })) as { header: Row }
      ).header
      for (const action of ['submit', 'allocate', 'pick', 'pack', 'ship'])
        await act('outbound-orders', order.outboundOrderId, action, action === 'pack' ? { weight: 2 } : {})

      // the clerk's return of 3 of them
      await signIn(clerk.page, 'clerk', 'Clerk@123')
      await clerk.page.waitForURL('**/workplace')
      const clerkToken = await accessToken(clerk.context)
      const { header } = (await apiOk(clerk.page, clerkToken, 'POST', 'customer-returns/with-lines', {
        header: {
          warehouseId: WAREHOUSE_ID,
          ownerId: owner.ownerId,
          outboundOrderId: order.outboundOrderId,
          returnReason: 'E2E wrong colour',
        },
        lines: [
          {
            key: 'lines',
            resource: 'customer-return-lines',
            parentField: 'customerReturnId',
            rows: [{ _status: 'create', goodsId: goods.goodsId, quantity: 3 }],
          },
        ],
      })) as { header: Row }
      const returnNum = String(header.returnNum)

      // Receive into QC from the list
      const page = clerk.page
      await page.goto('/winv/customerReturn')
      const list = page.locator('[data-page-key="/winv/customerReturn"]')
      await searchList(list, 'Return number', returnNum)
      await expect.poll(() => rows(list).count(), SLOW).toBe(1)
      const row = rows(list).first()
      await row.getByRole('button', { name: 'Receive into QC', exact: true }).click()
      const confirm = page
        .locator('.ant-modal-confirm .ant-btn-primary, .ant-popconfirm .ant-btn-primary')
        .first()
      await confirm.waitFor(SLOW)
      await confirm.click()
      await expect.poll(() => row.innerText(), SLOW).toContain('In QC')
      expect(await row.innerText()).toContain('QC-01')
      const qc = (
        await content(page, clerkToken, `locations?locationCode=QC-01&warehouseId=${WAREHOUSE_ID}`)
      )[0]!
      const onHand = async (locationId: unknown) =>
        Number(
          (await content(page, clerkToken, `stocks?goodsId=${String(goods.goodsId)}&size=20`)).find(
            (balance) => balance.locationId === locationId,
          )?.quantity ?? 0,
        )
      expect(await onHand(qc.locationId)).toBe(3)

      // The saved document shows its number as its heading
      await row.getByRole('button', { name: 'Details', exact: true }).click()
      await page.waitForURL(/\/winv\/customerReturn\/detail\?customerReturnId=\d+/, SLOW)
      await expect.poll(() => page.getByRole('heading', { name: returnNum }).count(), SLOW).toBeGreaterThan(0)

      // Release on QC lines: the clerk types the storage location
      await page.goto(`/winv/customerReturn/lines?customerReturnId=${String(header.customerReturnId)}`)
      const lines = page.locator('[data-page-key^="/winv/customerReturn/lines"]')
      await expect.poll(() => rows(lines).count(), SLOW).toBe(1)
      const line = rows(lines).first()
      await expect.poll(() => line.innerText(), SLOW).toContain('Waiting for QC')
      await line.getByRole('button', { name: 'Release to stock', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Release to a storage location' })
      await dialog.waitFor(SLOW)
      await dialog.locator('input').first().fill(String(shelf.locationCode))
      await dialog.getByRole('button', { name: 'Release to stock', exact: true }).click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      await expect.poll(() => line.innerText(), SLOW).toContain('Released to stock')
      expect(await onHand(qc.locationId)).toBe(0)
      expect(await onHand(shelf.locationId)).toBe(9)
      expect(
        (await apiOk(page, clerkToken, 'GET', `customer-returns/${String(header.customerReturnId)}`))
          .returnStatus,
      ).toBe('CLOSED')
      // every move names the clerk, and when
      const moves = await content(page, clerkToken, `stock-transactions?docNum=${returnNum}&size=20`)
      expect(moves.map((move) => [move.docType, Number(move.quantityChange)])).toEqual(
        expect.arrayContaining([
          ['CUSTOMER_RETURN', 3],
          ['RETURN_RELEASE', -3],
          ['RETURN_RELEASE', 3],
        ]),
      )
      for (const move of moves) {
        expect(move.operatorName).toBeTruthy()
        expect(move.transactionDate).toBeTruthy()
      }
      expect(new Set(moves.map((move) => move.operatorName)).size).toBe(1)
      expect(clerk.problems).toEqual([])
    } finally {
      await admin.context.close()
      await clerk.context.close()
    }
  })
})
