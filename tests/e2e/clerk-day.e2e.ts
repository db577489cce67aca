/**
 * One clerk's day on the floor (issue 19's "Done when"), in order, through the screens of the built app: the
 * clerk (role wh-clerk) receives an inbound order's lines as two lots of different expiry, puts them away where
 * the put-away rules suggest, releases a wave of two orders with FEFO allocation where one is short and goes out
 * in part with a backorder, prints the wave's pick list in pick path order, picks an order on its own by scanning
 * on a 400 px handheld, packs and ships it (no sorting: it was not picked with the wave) with carrier and tracking
 * number, takes a customer return into QC, counts a location blind with a difference above the threshold that the
 * supervisor (the administrator, the second person) approves, reads on the stock ledger screen who made each move
 * and when, and at the end picks the rest of the wave, sorts and seeds it into its slot and packs it. Master data (an
 * area of its own, locations, goods), the documents' drafts and the approval threshold are set up through the API;
 * each step under test is clicks or scans, and the stock after it is read back as the clerk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { accessToken, launch, openSession, signIn, type Session } from './browser'
import { formItem, rows, searchList } from './antd-locators'
import { api, apiOk, content, type Row, newInboundOrder } from './wms-api'
import { station } from './scan-station'

const SLOW = { timeout: 30_000 }
const HANDHELD = { width: 400, height: 800 }
const DESK = { width: 1440, height: 900 }
const WAREHOUSE_ID = 1 // WH-E001, the clerk's warehouse
/** A new code per run (a retry runs on the same database). */
const TAG = `${Date.now() % 100000}`
/** The wave rule takes NORMAL orders of this platform only: no seeded or other test's order joins the wave. */
const PLATFORM = 'OFFLINE'
/** A date `days` from today, YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const SOON = { lot: `SOON-${TAG}`, expiry: day(60), produced: day(-30) }
const LATE = { lot: `LATE-${TAG}`, expiry: day(300), produced: day(-5) }

let browser: Browser
let clerk: Session
let boss: Session
let clerkToken = ''
let bossToken = ''
beforeAll(async () => {
  browser = await launch()
  clerk = await openSession(browser, 'en-US')
  boss = await openSession(browser, 'en-US')
  await signIn(clerk.page, 'clerk', 'Clerk@123')
  await clerk.page.waitForURL('**/workplace')
  clerkToken = await accessToken(clerk.context)
  await signIn(boss.page, 'admin', 'Admin@123')
  await boss.page.waitForURL('**/workplace')
  bossToken = await accessToken(boss.context)
})
afterAll(async () => {
  await clerk?.context.close()
  await boss?.context.close()
  await browser?.close()
})

/** Calls as the clerk / the supervisor. */
const asClerk = (method: string, path: string, data?: unknown) =>
  apiOk(clerk.page, clerkToken, method, path, data)
const asBoss = (method: string, path: string, data?: unknown) =>
  apiOk(boss.page, bossToken, method, path, data)
/** A document action with the row read first (its objectVersionNumber), as the clerk. */
const act = async (resource: string, id: unknown, action: string, body: Row = {}) =>
  asClerk('POST', `${resource}/${String(id)}/${action}`, {
    ...(await asClerk('GET', `${resource}/${String(id)}`)),
    ...body,
  })
/** The clerk's view of a goods' balances: `location lot` → on hand (and reserved), zero rows left out. */
async function stockOf(goods: Row): Promise<Record<string, number>> {
  const list = await content(
    clerk.page,
    clerkToken,
    `stocks?goodsId=${String(goods.goodsId)}&warehouseId=${WAREHOUSE_ID}&size=50`,
  )
  return Object.fromEntries(
    list
      .filter((row) => Number(row.quantity) !== 0)
      .map((row) => [
        `${String(row.locationCode)} ${String(row.batchCode ?? '')}`.trim(),
        Number(row.quantity),
      ]),
  )
}
const reservedOf = async (goods: Row) =>
  (
    await content(
      clerk.page,
      clerkToken,
      `stocks?goodsId=${String(goods.goodsId)}&warehouseId=${WAREHOUSE_ID}`,
    )
  ).reduce((sum, row) => sum + Number(row.reservedQuantity), 0)

/** Clicks a row action and confirms its question. */
async function confirmAction(row: Locator, name: string) {
  await row.getByRole('button', { name, exact: true }).click()
  const ok = row
    .page()
    .locator('.ant-modal-confirm .ant-btn-primary, .ant-popconfirm .ant-btn-primary')
    .first()
  await ok.waitFor(SLOW)
  await ok.click()
}

/** The list page of `route`, searched for one document; answers its row. */
async function listRow(route: string, label: string, value: string, session = clerk) {
  await session.page.goto(route)
  const list = session.page.locator(`[data-page-key="${route}"]`)
  await searchList(list, label, value)
  await expect.poll(() => rows(list).count(), SLOW).toBe(1)
  return rows(list).first()
}

describe("a clerk's day on the floor", () => {
  // the day's master data and documents, filled step by step
  const place: Record<'A' | 'B' | 'C', Row> = { A: {}, B: {}, C: {} }
  let lotted: Row = {}
  let boxed: Row = {}
  let inbound = { id: 0, orderNum: '' }
  let full: Row = {}
  let short: Row = {}
  let wave: Row = {}
  let backorderNum = ''
  let param: Row | undefined

  beforeAll(async () => {
    const owner = (await content(boss.page, bossToken, 'owners?ownerCode=OWN-A'))[0]!
    // an area of its own, so the put-away suggestions are the rules' answer for this area only
    const area = await asBoss('POST', 'whareas', {
      warehouseId: WAREHOUSE_ID,
      whareaCode: `E2E-CD-${TAG}`,
      whareaName: `E2E clerk day ${TAG}`,
      areaType: 'STORAGE',
    })
    // code order A, B, C; pick path C (10), B (20), A (30)
    for (const [key, sequence] of [
      ['A', 30],
      ['B', 20],
      ['C', 10],
    ] as const)
      place[key] = await asBoss('POST', 'locations', {
        warehouseId: WAREHOUSE_ID,
        whareaId: area.whareaId,
        locationCode: `E2E-CD${key}-${TAG}`,
        locationType: 'PALLET',
        capacity: 100,
        pickSequence: sequence,
      })
    lotted = await asBoss('POST', 'goods', {
      goodsCode: `E2E-CDL-${TAG}`,
      goodsName: `E2E clerk day lotted ${TAG}`,
      barcode: `67${TAG}1`,
      ownerId: owner.ownerId,
      uomCode: 'EA',
      weight: 1,
      unitPrice: 10,
      batchManagedFlag: 1,
      expiryManagedFlag: 1,
      removalStrategy: 'FEFO',
    })
    boxed = await asBoss('POST', 'goods', {
      goodsCode: `E2E-CDB-${TAG}`,
      goodsName: `E2E clerk day boxed ${TAG}`,
      barcode: `67${TAG}2`,
      ownerId: owner.ownerId,
      uomCode: 'EA',
      weight: 1,
      unitPrice: 10,
    })
    // an earlier attempt's backorder waits SUBMITTED on the rule's platform: cancelled, so it joins no wave
    for (const left of await content(
      boss.page,
      bossToken,
      `outbound-orders?platformCode=${PLATFORM}&orderStatus=SUBMITTED&warehouseId=${WAREHOUSE_ID}&size=50`,
    ))
      await api(boss.page, bossToken, 'POST', `outbound-orders/${String(left.outboundOrderId)}/cancel`, left)
    // the supervisor's threshold: a count difference above 10 % waits for a second person
    const [existing] = await content(
      boss.page,
      bossToken,
      `function-params?paramCode=COUNT_APPROVAL_PERCENT&warehouseId=${WAREHOUSE_ID}`,
    )
    param = await asBoss(existing ? 'PUT' : 'POST', 'function-params', {
      ...existing,
      paramCode: 'COUNT_APPROVAL_PERCENT',
      paramValue: '10',
      warehouseId: WAREHOUSE_ID,
      enabledFlag: 1,
    })
  })
  afterAll(async () => {
    if (param) await api(boss.page, bossToken, 'PUT', 'function-params', { ...param, enabledFlag: 0 })
    if (backorderNum) {
      const [left] = await content(boss.page, bossToken, `outbound-orders?orderNum=${backorderNum}`)
      if (left?.orderStatus === 'SUBMITTED')
        await api(
          boss.page,
          bossToken,
          'POST',
          `outbound-orders/${String(left.outboundOrderId)}/cancel`,
          left,
        )
    }
  })

  it('receives the inbound lines as two lots with production and expiry dates', async () => {
    const rcv = (
      await content(clerk.page, clerkToken, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`)
    )[0]!
    // planned to A: the suggestions look in A's area (this test's own)
    const header = await newInboundOrder(
      clerk.page,
      clerkToken,
      { warehouseId: WAREHOUSE_ID, ownerId: lotted.ownerId, receivingLocationId: rcv.locationId },
      (
        [
          [lotted, 6],
          [lotted, 4],
          [boxed, 10],
        ] as const
      ).map(([goods, quantity]) => ({
        goodsId: goods.goodsId,
        quantity,
        putawayLocationId: place.A.locationId,
      })),
    )
    inbound = { id: Number(header.inboundOrderId), orderNum: String(header.orderNum) }
    await act('inbound-orders', inbound.id, 'execute')

    const row = await listRow('/winv/inboundOrder', 'Order number', inbound.orderNum)
    await row.getByRole('button', { name: 'Receive lines', exact: true }).click()
    const dialog = clerk.page.locator('.ant-modal-content').filter({ hasText: "Receive the order's lines" })
    await dialog.waitFor(SLOW)
    const input = (label: string, line: number) =>
      dialog.getByRole('textbox', { name: `${label} — Line ${line}` })
    await dialog.getByRole('spinbutton', { name: 'Received now — Line 3' }).waitFor(SLOW)
    for (const [line, quantity] of [
      [1, 6],
      [2, 4],
      [3, 10],
    ])
      await dialog.getByRole('spinbutton', { name: `Received now — Line ${line}` }).fill(String(quantity))
    for (const [line, lot] of [
      [1, LATE],
      [2, SOON],
    ] as const) {
      await input('Batch', line).fill(lot.lot)
      await input('Production date (YYYY-MM-DD)', line).fill(lot.produced)
      await input('Expiry date (YYYY-MM-DD)', line).fill(lot.expiry)
    }
    await dialog.getByRole('button', { name: 'Receive lines', exact: true }).click()
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
    await expect.poll(() => row.innerText(), SLOW).toContain('Received')
    expect(await stockOf(lotted)).toEqual({ [`RCV-01 ${LATE.lot}`]: 6, [`RCV-01 ${SOON.lot}`]: 4 })
    expect(await stockOf(boxed)).toEqual({ 'RCV-01': 10 })
    const lots = await content(clerk.page, clerkToken, `lots?goodsId=${String(lotted.goodsId)}`)
    expect(lots.map((lot) => [lot.batchCode, lot.productionDate, lot.expiryDate]).sort()).toEqual(
      [
        [LATE.lot, LATE.produced, LATE.expiry],
        [SOON.lot, SOON.produced, SOON.expiry],
      ].sort(),
    )
    expect(clerk.problems).toEqual([])
  })

  it('puts away to the suggested locations: empty locations of the area in pick path order', async () => {
    const row = await listRow('/winv/inboundOrder', 'Order number', inbound.orderNum)
    await row.getByRole('button', { name: 'Put away lines', exact: true }).click()
    const dialog = clerk.page
      .locator('.ant-modal-content')
      .filter({ hasText: 'Put away: suggested locations' })
    await dialog.waitFor(SLOW)
    // nothing of the goods is stored yet: each line gets the next empty location of the planned location's area
    // by pick path (C, B, A), not its planned location (A) nor the code order
    const suggested = [place.C, place.B, place.A].map((p) => String(p.locationCode))
    const located = rows(dialog).filter({ has: clerk.page.locator('input[value^="E2E-CD"]') })
    await expect.poll(() => located.count(), SLOW).toBe(3)
    const shown = []
    for (let i = 0; i < 3; i++) shown.push(await located.nth(i).locator('input').first().inputValue())
    expect(shown).toEqual(suggested)
    await dialog.getByRole('button', { name: /^Fill/ }).click()
    await dialog.getByRole('button', { name: 'Put away lines', exact: true }).click()
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
    await expect.poll(() => row.innerText(), SLOW).toContain('Completed')
    expect(await stockOf(lotted)).toEqual({
      [`${String(place.C.locationCode)} ${LATE.lot}`]: 6,
      [`${String(place.B.locationCode)} ${SOON.lot}`]: 4,
    })
    expect(await stockOf(boxed)).toEqual({ [String(place.A.locationCode)]: 10 })
    // the stock screen shows the lots with their expiry dates
    await clerk.page.goto('/winv/stock')
    const stock = clerk.page.locator('[data-page-key="/winv/stock"]')
    await searchList(stock, 'Goods code', String(lotted.goodsCode))
    const stored = rows(stock).filter({ hasText: String(place.B.locationCode) })
    await expect.poll(() => stored.count(), SLOW).toBe(1)
    expect(await stored.innerText()).toContain(SOON.expiry)
    expect(clerk.problems).toEqual([])
  })

  it('releases a wave with FEFO allocation: the short order goes out in part, its backorder named', async () => {
    const order = async (name: string, lines: Array<[Row, number]>) => {
      const { header } = (await asClerk('POST', 'outbound-orders/with-lines', {
        header: {
          orderType: 'NORMAL',
          platformCode: PLATFORM,
          warehouseId: WAREHOUSE_ID,
          ownerId: lotted.ownerId,
          customerName: `E2E clerk day ${name}`,
          receiverName: 'E2E receiver',
          receiverPhone: '13900007777',
          receiverAddress: '7 E2E road',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: lines.map(([goods, quantity], i) => ({
              _status: 'create',
              lineNum: i + 1,
              goodsId: goods.goodsId,
              quantity,
            })),
          },
        ],
      })) as { header: Row }
      await act('outbound-orders', header.outboundOrderId, 'submit')
      return header
    }
    full = await order('full', [
      [lotted, 3],
      [boxed, 2],
    ])
    short = await order('short', [
      [lotted, 5],
      [boxed, 20],
    ])
    const mould = await asClerk('POST', 'wave-moulds', {
      mouldCode: `E2E-CD-${TAG}`,
      mouldName: `E2E clerk day ${TAG}`,
      warehouseId: WAREHOUSE_ID,
      orderType: 'NORMAL',
      platformCode: PLATFORM,
      maxOrders: 10,
    })
    wave = await asClerk('POST', 'wave-orders', { mouldId: mould.mouldId, warehouseId: WAREHOUSE_ID })

    const row = await listRow('/winv/waveOrder', 'Wave number', String(wave.waveNum))
    await confirmAction(row, 'Release')
    await expect.poll(() => row.innerText(), SLOW).toContain('Released')
    const released = await asClerk('GET', `wave-orders/${String(wave.waveId)}`)
    expect(released).toMatchObject({ orderCount: 2, leftOutCount: 0 })
    backorderNum = String(
      (await asClerk('GET', `outbound-orders/${String(short.outboundOrderId)}`)).backorderNum,
    )
    // the release note on the wave's row names the short order, what it got and its backorder
    const note = await row.innerText()
    expect(note).toContain(`${String(short.orderNum)}: released in part`)
    expect(note).toContain(`${String(boxed.goodsCode)} 8 of 20`)
    expect(note).toContain(backorderNum)
    const [rest] = await content(clerk.page, clerkToken, `outbound-orders?orderNum=${backorderNum}`)
    expect(rest).toMatchObject({ orderStatus: 'SUBMITTED', totalQuantity: 12, waveId: null })

    // FEFO: the full order's 3 come from the lot expiring first (at B), though the later lot lies earlier on
    // the walk (C); the short order takes the rest of it and then the later lot
    const tasks = async (orderId: unknown) =>
      (await content(clerk.page, clerkToken, `outbound-tasks?outboundOrderId=${String(orderId)}&size=20`))
        .filter((task) => task.goodsId === lotted.goodsId)
        .map((task) => [task.batchCode, Number(task.quantity)])
        .sort()
    expect(await tasks(full.outboundOrderId)).toEqual([[SOON.lot, 3]])
    expect(await tasks(short.outboundOrderId)).toEqual(
      [
        [LATE.lot, 4],
        [SOON.lot, 1],
      ].sort(),
    )
    expect(await reservedOf(lotted)).toBe(8)
    expect(await reservedOf(boxed)).toBe(10)
    expect(clerk.problems).toEqual([])
  })

  it("prints the wave's pick list in pick path order", async () => {
    const row = await listRow('/winv/waveOrder', 'Wave number', String(wave.waveNum))
    await row.getByRole('button', { name: 'Pick list', exact: true }).click()
    await clerk.page.waitForURL(/\/winv\/waveOrder\/pickList\?waveId=\d+/, SLOW)
    const lines = clerk.page
      .getByTestId('document-sheet')
      .getByRole('table', { name: 'Lines' })
      .locator('tbody tr')
    // five tasks: C (later lot, 4), B (earlier lot, 3 + 1), A (boxed, 2 + 8)
    await expect.poll(() => lines.count(), SLOW).toBe(5)
    const walk = (await lines.allInnerTexts()).map((text) => text.match(/E2E-CD[ABC]-\d+/)?.[0])
    expect(walk).toEqual([place.C, place.B, place.B, place.A, place.A].map((p) => p.locationCode))
    const texts = await lines.allInnerTexts()
    expect(texts[0]).toContain(LATE.lot)
    expect(texts[0]).toContain(LATE.expiry)
    expect(clerk.problems).toEqual([])
  })

  it('picks the full order by scanning location, goods and quantity on a 400 px handheld', async () => {
    // the same signed-in clerk (one session per account) on a handheld's width
    const hand = clerk
    await hand.page.setViewportSize(HANDHELD)
    try {
      const s = station(hand.page)
      await s.open('/winv/outboundOrder/scanPick', String(full.orderNum))
      const location = hand.page.getByTestId('scan-line-location')
      // the walk: B (the earlier lot, 3) then A (boxed, 2)
      await expect.poll(() => location.textContent(), SLOW).toContain(String(place.B.locationCode))
      await s.scan(String(place.B.locationCode))
      await expect.poll(s.tone).toBe('ok')
      await s.scan(String(boxed.barcode))
      await expect.poll(s.tone).toBe('error')
      expect(await s.feedback.textContent()).toContain(`Wrong goods: ${String(boxed.barcode)} scanned`)
      await s.scan(String(lotted.barcode))
      await expect.poll(s.tone).toBe('ok')
      await s.scan('3')
      await expect.poll(() => location.textContent(), SLOW).toContain(String(place.A.locationCode))
      await s.scan(String(place.A.locationCode))
      await s.scan(String(boxed.barcode))
      await s.scan('2')
      await expect.poll(() => s.feedback.textContent(), SLOW).toContain('All 2 lines scanned')
      expect(await hand.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
      await s.confirm(String(full.orderNum))
      expect((await asClerk('GET', `outbound-orders/${String(full.outboundOrderId)}`)).orderStatus).toBe(
        'PICKED',
      )
      expect(hand.problems).toEqual([])
    } finally {
      await hand.page.setViewportSize(DESK)
    }
  })

  it('packs the order picked on its own at once (no sorting) and ships it with carrier and tracking number', async () => {
    const page = clerk.page
    // picked on its own, not with the wave: its units went straight to it, its tasks wait for no sorting
    await page.goto('/winv/outboundSorting')
    const sorting = page.locator('[data-page-key="/winv/outboundSorting"]')
    await searchList(sorting, 'Order number', String(full.orderNum))
    await expect
      .poll(() => rows(sorting).allInnerTexts(), SLOW)
      .toEqual([
        expect.stringContaining('Not required (picked on its own)'),
        expect.stringContaining('Not required (picked on its own)'),
      ])
    expect(await rows(sorting).getByRole('button', { name: 'Confirm sorting', exact: true }).count()).toBe(0)

    const row = await listRow('/winv/outboundOrder', 'Order number', String(full.orderNum))
    await row.getByRole('button', { name: 'Pack and weigh', exact: true }).click()
    await expect.poll(() => row.innerText(), SLOW).toContain('Packed')
    await row.getByRole('button', { name: 'Ship', exact: true }).click()
    const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Tracking number' })
    await dialog.waitFor(SLOW)
    await formItem(dialog, 'Carrier').locator('.ant-select').click()
    const carrier = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()
    await carrier.waitFor(SLOW)
    const carrierText = (await carrier.innerText()).trim()
    await carrier.click()
    await formItem(dialog, 'Tracking number').locator('input').fill('SF 4455 6677')
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click()
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
    await expect.poll(() => row.innerText(), SLOW).toContain('Shipped')
    expect(await row.innerText()).toContain('SF44556677')
    const shipped = await asClerk('GET', `outbound-orders/${String(full.outboundOrderId)}`)
    expect(shipped).toMatchObject({ orderStatus: 'SHIPPED', trackingNum: 'SF44556677' })
    expect(carrierText).toContain(String(shipped.carrierName))
    expect(await stockOf(lotted)).toEqual({
      [`${String(place.C.locationCode)} ${LATE.lot}`]: 6,
      [`${String(place.B.locationCode)} ${SOON.lot}`]: 1,
    })
    expect(await stockOf(boxed)).toEqual({ [String(place.A.locationCode)]: 8 })
    // the short order's reservations stay: its 5 lotted and 8 boxed
    expect([await reservedOf(lotted), await reservedOf(boxed)]).toEqual([5, 8])
    expect(clerk.problems).toEqual([])
  })

  it('takes a customer return of the shipped order into QC', async () => {
    const { header } = (await asClerk('POST', 'customer-returns/with-lines', {
      header: {
        warehouseId: WAREHOUSE_ID,
        ownerId: boxed.ownerId,
        outboundOrderId: full.outboundOrderId,
        returnReason: 'E2E dented box',
      },
      lines: [
        {
          key: 'lines',
          resource: 'customer-return-lines',
          parentField: 'customerReturnId',
          rows: [{ _status: 'create', goodsId: boxed.goodsId, quantity: 1 }],
        },
      ],
    })) as { header: Row }
    const row = await listRow('/winv/customerReturn', 'Return number', String(header.returnNum))
    await confirmAction(row, 'Receive into QC')
    await expect.poll(() => row.innerText(), SLOW).toContain('In QC')
    expect(await row.innerText()).toContain('QC-01')
    expect(await stockOf(boxed)).toEqual({ [String(place.A.locationCode)]: 8, 'QC-01': 1 })
    expect(clerk.problems).toEqual([])
  })

  it('counts a location blind; the difference above the threshold waits for the supervisor, who approves it', async () => {
    const count = await asClerk('POST', 'stock-counts', {
      warehouseId: WAREHOUSE_ID,
      locationId: place.C.locationId,
      countType: 'CYCLE',
    })
    await act('stock-counts', count.stockCountId, 'start')
    const hand = clerk
    await hand.page.setViewportSize(HANDHELD)
    try {
      const s = station(hand.page)
      await s.open('/winv/stockCount/scan', String(count.countNum))
      await s.scan(String(place.C.locationCode))
      await s.scan(String(lotted.barcode))
      // 5 of the 6 on the books: 16.7 %, above the 10 % threshold
      await s.scan('5')
      await expect.poll(() => s.feedback.textContent(), SLOW).toContain('All 1 lines scanned')
      await s.confirm(String(count.countNum))
      expect(hand.problems).toEqual([])
    } finally {
      await hand.page.setViewportSize(DESK)
    }
    const mine = await listRow('/winv/stockCount', 'Count number', String(count.countNum))
    await expect.poll(() => mine.innerText(), SLOW).toContain('Awaiting approval')
    // nothing posted yet
    expect((await stockOf(lotted))[`${String(place.C.locationCode)} ${LATE.lot}`]).toBe(6)

    const row = await listRow('/winv/stockCount', 'Count number', String(count.countNum), boss)
    await confirmAction(row, 'Approve')
    await expect.poll(() => row.innerText(), SLOW).toContain('Posted')
    expect((await stockOf(lotted))[`${String(place.C.locationCode)} ${LATE.lot}`]).toBe(5)
    expect(boss.problems).toEqual([])
    expect(clerk.problems).toEqual([])
  })

  it('the stock ledger screen names who made each move of the day, and when', async () => {
    const page = clerk.page
    const moves = [
      ...(await content(
        page,
        clerkToken,
        `stock-transactions?goodsCode=${String(lotted.goodsCode)}&size=50`,
      )),
      ...(await content(page, clerkToken, `stock-transactions?goodsCode=${String(boxed.goodsCode)}&size=50`)),
    ]
    const kinds = new Set(moves.map((move) => move.docType))
    for (const kind of ['INBOUND', 'PUTAWAY', 'OUTBOUND', 'CUSTOMER_RETURN', 'COUNT'])
      expect(kinds).toContain(kind)
    const clerkName = String(moves.find((move) => move.docType === 'INBOUND')!.operatorName)
    const count = moves.find((move) => move.docType === 'COUNT')!
    // the approver posted the count; the clerk counted it
    expect(count.counterName).toBe(clerkName)
    expect(count.operatorName).not.toBe(clerkName)

    await page.goto('/winv/stockLogs')
    const logs = page.locator('[data-page-key="/winv/stockLogs"]')
    // document by document (a page of the screen holds them): the receipt, the put-away, both orders'
    // reservations, the shipment, the return and the count
    const documents = [...new Set(moves.map((move) => String(move.docNum)))]
    expect(documents).toEqual(
      expect.arrayContaining([inbound.orderNum, String(full.orderNum), String(short.orderNum)]),
    )
    for (const docNum of documents) {
      await searchList(logs, 'Document number', docNum)
      const expected = moves.filter((move) => move.docNum === docNum)
      // the search's answer: its rows, all of this document (not the last search's rows still shown)
      const shown = async () => {
        const texts = await rows(logs).allInnerTexts()
        return texts.length === expected.length && texts.every((text) => text.includes(docNum)) ? texts : []
      }
      await expect.poll(shown, SLOW).toHaveLength(expected.length)
      const texts = await shown()
      for (const [i, text] of texts.entries()) {
        // every row: when, and the user who made the move
        expect(text, `${docNum} row ${i}`).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
        expect(text, `${docNum} row ${i}`).toContain(clerkName)
        // the count's row: posted by the supervisor, counted by the clerk
        if (docNum === count.docNum) expect(text).toContain(String(count.operatorName))
      }
    }
    expect(clerk.problems).toEqual([])
  })

  it('picks the rest of the wave (the short order), sorts and seeds its tasks into its slot, then packs it', async () => {
    const page = clerk.page
    const wavesRow = await listRow('/winv/waveOrder', 'Wave number', String(wave.waveNum))
    await wavesRow.getByRole('button', { name: 'Pick wave', exact: true }).click()
    const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Confirm picking the wave' })
    await dialog.waitFor(SLOW)
    await dialog.getByRole('button', { name: 'Pick wave', exact: true }).click()
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
    await expect.poll(() => wavesRow.innerText(), SLOW).toContain('Picked')
    expect((await asClerk('GET', `outbound-orders/${String(short.outboundOrderId)}`)).orderStatus).toBe(
      'PICKED',
    )

    await page.goto('/winv/outboundSorting')
    const sorting = page.locator('[data-page-key="/winv/outboundSorting"]')
    await searchList(sorting, 'Order number', String(short.orderNum))
    // its three tasks: the lotted goods from two lots, the boxed goods
    await expect.poll(() => rows(sorting).count(), SLOW).toBe(3)
    for (let i = 0; i < 3; i++) {
      const task = rows(sorting).nth(i)
      await task.getByRole('button', { name: 'Confirm sorting', exact: true }).click()
      await expect
        .poll(() => task.getByRole('button', { name: 'Confirm sorting', exact: true }).count(), SLOW)
        .toBe(0)
    }
    await page.goto('/winv/sortingSeeding')
    const seeding = page.locator('[data-page-key="/winv/sortingSeeding"]')
    for (const [goods, count] of [
      [lotted, 2],
      [boxed, 1],
    ] as const) {
      await searchList(seeding, 'Goods code', String(goods.goodsCode))
      const tasks = rows(seeding)
        .filter({ hasText: String(short.orderNum) })
        .filter({ hasText: String(goods.goodsCode) })
      await expect.poll(() => tasks.count(), SLOW).toBe(count)
      const seed = tasks.getByRole('button', { name: 'Confirm seeding', exact: true })
      for (let i = 0; i < count; i++) {
        // the first task still waiting for its seed (a seeded one stays listed, without the button)
        await seed.first().click()
        await expect.poll(() => seed.count(), SLOW).toBe(count - i - 1)
      }
    }
    const row = await listRow('/winv/outboundOrder', 'Order number', String(short.orderNum))
    await row.getByRole('button', { name: 'Pack and weigh', exact: true }).click()
    await expect.poll(() => row.innerText(), SLOW).toContain('Packed')
    expect(clerk.problems).toEqual([])
  })
})
