/**
 * Demo inbound and inventory documents in several statuses, moved along their lifecycles through the same
 * transitions as the API (server/modules/winv), after the opening stock: so stock, ledger, receipt records
 * and serial numbers agree with the documents from the first start. The documents themselves are rows files
 * (server/seed/data/rows/30…34-winv-*.json), all NEW (or CANCELLED) until this runs.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import type { Db } from '../db/schema.ts'
import { runTransition } from '../modules/models/lifecycle.ts'
import { findModel, seedSession } from './demo-data.ts'
import { isLargeSeed, largeSeedScale, seedLarge } from './large-seed.ts'

export async function seedWinvDocuments(db: Db, models: ModelSchema[]): Promise<void> {
  const order = findModel(models, 'inboundOrder')
  const adjust = findModel(models, 'stockAdjust')
  const count = findModel(models, 'stockCount')
  if (!order || !adjust || !count) return
  const session = seedSession(1, 1, 2, 'tenant-admin')
  const step = async (model: ModelSchema, id: number, action: string, body: Record<string, unknown> = {}) => {
    const transition = model.lifecycle!.transitions.find((t) => t.action === action)!
    await runTransition(db, model, transition, session, id, body)
  }
  const orderId = async (sourceNum: string) =>
    (
      await sql<{ id: number }>`select inbound_order_id as id from winv_inbound_order
        where tenant_id = 1 and source_num = ${sourceNum}`.execute(db)
    ).rows[0]?.id
  const lineIds = async (id: number) =>
    (
      await sql<{ id: number }>`select inbound_line_id as id from winv_inbound_order_line
        where inbound_order_id = ${id} order by line_num`.execute(db)
    ).rows.map((r) => r.id)

  const completed = await orderId('PO-2026-0001')
  if (completed) {
    await step(order, completed, 'execute')
    await step(order, completed, 'receive')
    await step(order, completed, 'putaway')
  }
  const received = await orderId('PO-2026-0002')
  if (received) {
    await step(order, received, 'execute')
    await step(order, received, 'receive')
  }
  const partial = await orderId('PO-2026-0003')
  if (partial) {
    await step(order, partial, 'execute')
    const [line] = await lineIds(partial)
    await step(order, partial, 'receive', {
      lines: [{ inboundLineId: line, serialNumbers: ['SN-DEMO-0001', 'SN-DEMO-0002'] }],
    })
  }
  const executing = await orderId('PO-2026-0004')
  if (executing) await step(order, executing, 'execute')

  const posted = (
    await sql<{ id: number }>`select stock_adjust_id as id from winv_stock_adjust
      where tenant_id = 1 and remark like '%(POSTED)' order by stock_adjust_id`.execute(db)
  ).rows[0]?.id
  if (posted) await step(adjust, posted, 'approve')

  const lock = findModel(models, 'stockLock')
  const locked = (
    await sql<{ id: number }>`select stock_lock_id as id from winv_stock_lock
      where tenant_id = 1 and remark like '%(LOCKED)'`.execute(db)
  ).rows[0]?.id
  if (lock && locked) await step(lock, locked, 'lock')

  const counts = (
    await sql<{ id: number; remark: string }>`select stock_count_id as id, remark from winv_stock_count
      where tenant_id = 1 order by stock_count_id`.execute(db)
  ).rows
  for (const c of counts) {
    if (c.remark.endsWith('(POSTED)')) {
      await step(count, c.id, 'start')
      // Two lines counted: one short by 1, one as booked.
      const lines = (
        await sql<{ id: number; book: string }>`select count_line_id as id, book_quantity as book
          from winv_stock_count_line where stock_count_id = ${c.id} order by count_line_id limit 2`.execute(
          db,
        )
      ).rows
      for (const [i, line] of lines.entries()) {
        const counted = Number(line.book) - (i === 0 ? 1 : 0)
        await sql`update winv_stock_count_line set counted_quantity = ${counted},
            difference_quantity = ${counted - Number(line.book)} where count_line_id = ${line.id}`.execute(db)
      }
      await step(count, c.id, 'post')
    } else if (c.remark.endsWith('(COUNTING)')) await step(count, c.id, 'start')
  }
  if (isLargeSeed()) await seedLarge(db, largeSeedScale())
}
