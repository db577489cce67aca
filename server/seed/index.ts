import { sql } from 'kysely'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import type { Db } from '../db/schema.ts'
import { createRow } from '../modules/models/model-write.ts'
import { hashPassword } from '../modules/oauth/passwords.ts'
import { seedData } from './data.ts'
import { seedDataHierarchies } from './data-hierarchies.ts'
import { demoOrders, demoWarehouses, findModel, seedSession } from './demo-data.ts'
import { seedLovViews } from './lov-views.ts'
import { lookupValueRows } from './reference-data.ts'
import { createSeedRow, seedModelRows } from './model-rows.ts'
import { seedEtsShipments } from './ets-shipments.ts'
import { seedOpeningStock } from './opening-stock.ts'
import { seedWinvDocuments } from './winv-documents.ts'
import { winvBehaviour } from '../modules/winv/index.ts'
import { outboundBehaviour } from '../modules/outbound/effects.ts'
import { BehaviourIndex, bindBehaviour } from '../modules/models/behaviour.ts'
import { seedDemoDocument, seedDemoMessages } from './messages-demo.ts'
import { seedOutboundFlow } from '../modules/outbound/seed-flow.ts'

const SEEDED = 'seeded'

/** True once the seed ran (checked on every start: one query). */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', SEEDED).executeTakeFirst()
  return row !== undefined
}

/** Fills a fresh database: platform data from server/seed/data/*.json, then demo rows of the models. */
export async function seedDatabase(db: Db, models: ModelSchema[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('hpfmTenant').values(seedData.tenants()).execute()
    const permissions = seedData.permissions()
    await trx
      .insertInto('iamPermission')
      .values(permissions.map((p) => ({ code: p.code, controllerType: p.controllerType ?? 'hidden' })))
      .execute()
    const roles = seedData.roles()
    await trx
      .insertInto('iamRole')
      .values(
        roles.map((r) => ({
          id: r.id,
          code: r.code,
          names: JSON.stringify(r.name),
          level: r.level,
          tenantId: r.tenantId,
        })),
      )
      .execute()
    // A role holds its own list ('*' = every code) and every code whose entry names the role.
    const grants = roles.flatMap((r) => {
      const codes =
        r.permissions === '*'
          ? permissions.map((p) => p.code)
          : [...r.permissions, ...permissions.filter((p) => p.roles?.includes(r.code)).map((p) => p.code)]
      return [...new Set(codes)].map((code) => ({ roleId: r.id, code }))
    })
    if (grants.length) await trx.insertInto('iamRolePermission').values(grants).execute()
    for (const user of seedData.users()) {
      const { roleIds, password, ...fields } = user
      await trx
        .insertInto('iamUser')
        .values({
          ...fields,
          email: fields.email ?? null,
          passwordHash: await hashPassword(password),
          language: 'zh_CN',
          timeZone: 'GMT+8',
          lockedUntil: null,
        })
        .execute()
      await trx
        .insertInto('iamMemberRole')
        .values(roleIds.map((roleId) => ({ userId: user.id, roleId })))
        .execute()
    }
    const menus = seedData.menus()
    await trx
      .insertInto('iamMenu')
      .values(
        menus.map((m) => ({
          id: m.id,
          code: m.code,
          type: m.type,
          parentId: m.parentId,
          sort: m.sort,
          icon: m.icon ?? null,
          route: m.route ?? null,
          quickIndex: m.quickIndex ?? null,
          level: m.level === 'site' ? 'site' : 'organization',
          names: JSON.stringify(m.name),
          target: m.target ?? null,
          tag: m.tag ? JSON.stringify(m.tag) : null,
        })),
      )
      .execute()
    const roleMenus = menus.flatMap((m) =>
      roles.filter((r) => m.roles.includes(r.code)).map((r) => ({ roleId: r.id, menuId: m.id })),
    )
    if (roleMenus.length) await trx.insertInto('iamRoleMenu').values(roleMenus).execute()
    await trx
      .insertInto('oauthClient')
      .values(
        seedData
          .oauthClients()
          .map((c) => ({ clientId: c.clientId, redirectOrigins: JSON.stringify(c.redirectOrigins) })),
      )
      .execute()
    const lookupRows = lookupValueRows(Object.entries(seedData.lookups()))
    await trx.insertInto('hpfmLookupValue').values(lookupRows).execute()
    const rules = seedData.codeRules().map((r) => ({ ...r, resetPerDay: r.resetPerDay ? 1 : 0 }))
    if (rules.length) await trx.insertInto('hpfmCodeRule').values(rules).execute()
    const prompts = seedData.prompts().map((p) => ({ ...p, tenantId: p.tenantId ?? 0 }))
    if (prompts.length) await trx.insertInto('hpfmPrompt').values(prompts).execute()
    await seedLovViews(trx)
    await seedDataHierarchies(trx)
    await seedDemoRows(trx, models)
    // The winv write guards fill the names and codes a document shows (warehouse, owner, locations, goods) and
    // check its rows: seeded documents go through them like the API's. The seed runs the behaviour it names
    // (models/behaviour.ts): the winv list for the rows and inbound documents, plus the outbound list for the
    // outbound flow; the demo rows above run none.
    const withWinv = bindBehaviour(models, new BehaviourIndex(winvBehaviour))
    await seedModelRows(trx, withWinv)
    if (findModel(models, 'jxsOutboundOrder') && findModel(models, 'customer'))
      await linkDemoOrderCustomers(trx)
    if (findModel(models, 'stock') && findModel(models, 'goods')) await seedOpeningStock(trx)
    await seedWinvDocuments(trx, withWinv)
    if (findModel(models, 'shipment') && findModel(models, 'trackEvent')) await seedEtsShipments(trx)
    await seedDemoMessages(trx)
    await seedDemoDocument(trx)
    const withOutbound = bindBehaviour(models, new BehaviourIndex([...winvBehaviour, ...outboundBehaviour]))
    await seedOutboundFlow(trx, withOutbound, seedSession(1, 1, 2, 'tenant-admin'))
    // one refusal in the miss-permission records, so the screen and its detail have something to show
    await sql`insert into iam_permission_check (tenant_id, user_id, login_name, role_id, role_code, permission_code,
        method, path, checked_at)
      values (1, 3, 'clerk', 4, 'wh-clerk', 'wmdm.warehouse.button.delete', 'DELETE', '/api/wms/v1/1/warehouses',
        ${Date.UTC(2026, 10, 20, 9, 30)})`.execute(trx)
    await trx.insertInto('appMeta').values({ key: SEEDED, value: new Date().toISOString() }).execute()
  })
}

/** The demo dealer orders naming a customer of master data (seeded after them, by the row files) get its id and name. */
async function linkDemoOrderCustomers(db: Db): Promise<void> {
  for (const { customerCode, row } of demoOrders()) {
    if (!customerCode) continue
    await sql`update winv_jxs_outbound_order o set customer_id = c.customer_id, customer_name = c.customer_name
      from wmdm_customer c where c.tenant_id = 1 and c.customer_code = ${customerCode}
        and o.tenant_id = 1 and o.customer_name = ${String(row.customerName)}`.execute(db)
  }
}

/** Demo rows go through the same write path as the API (audit fields, code rules, value-set checks). */
async function seedDemoRows(db: Db, models: ModelSchema[]): Promise<void> {
  const warehouse = findModel(models, 'warehouse')
  if (warehouse) {
    for (const row of demoWarehouses('east'))
      await createRow(db, warehouse, seedSession(1, 1, 2, 'tenant-admin'), row)
    for (const row of demoWarehouses('south'))
      await createRow(db, warehouse, seedSession(1, 2, 3, 'tenant-admin'), row)
  }
  const order = findModel(models, 'jxsOutboundOrder')
  if (order) {
    for (const { by, row } of demoOrders()) {
      const session = by === 'jxs' ? seedSession(4, 1, 5, 'jxs') : seedSession(1, 1, 2, 'tenant-admin')
      await createSeedRow(db, order, session, row)
    }
  }
}
