/**
 * The menu screen (hiam menu): every menu entry as a list with its parent, create / edit / delete. Which roles
 * see an entry is set on the role screen (routes-role-authorities.ts); the same checks as the menu API
 * (server/modules/iam/menu-admin.ts) apply: a route per type, a parent that is a dir, a unique code.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import type { Texts } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { checkMenu, type Trx } from '../iam/menu-admin.ts'
import {
  assertMenuWritable,
  isMenuReadOnly,
  menuTenantsOf,
  newMenuTenant,
  visibleMenu,
  writableMenu,
} from '../iam/menu-scope.ts'
import { checkLabels, hasLabel, labelsOf, saveLabels } from './labels.ts'
import { MENU_CREATE, MENU_UPDATE } from '../iam/routes-menu-admin.ts'
import { contains, pageOf, PageQuery, textIn } from './paging.ts'
import { adminRoutes } from './scope.ts'

export const MENU_DELETE = 'hiam.menu.button.delete'

const MenuQuery = Type.Object({
  ...PageQuery,
  code: Type.Optional(Type.String({ maxLength: 120 })),
  name: Type.Optional(Type.String({ maxLength: 120 })),
  route: Type.Optional(Type.String({ maxLength: 240 })),
  type: Type.Optional(Type.String({ maxLength: 20 })),
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
  labelCode: Type.Optional(Type.String({ maxLength: 60 })),
})
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null(), Type.Literal('')]))
const fields = {
  code: Type.String({ pattern: '^[a-z][a-z0-9]*([._-][a-zA-Z0-9]+)*$', maxLength: 120 }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  type: Type.Union(['dir', 'menu', 'link', 'inner-link', 'window'].map((t) => Type.Literal(t))),
  parentId: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  sort: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100000 }), Type.Null()])),
  icon: nullable(Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 })),
  route: nullable(Type.String({ maxLength: 240 })),
  quickIndex: nullable(Type.String({ pattern: '^[A-Za-z0-9]*$', maxLength: 60 })),
  /** MENU labels of the caller's tenant, comma separated (labels.ts); left out on edit: unchanged. */
  labelCodes: Type.Optional(Type.Union([Type.String({ maxLength: 600 }), Type.Null()])),
}
const MenuCreate = Type.Object(fields)
const MenuUpdate = Type.Object({
  ...fields,
  menuId: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Integer({ minimum: 1 }),
})
const MenuDelete = Type.Object({ menuId: Type.Integer({ minimum: 1 }) })

export const menuScreenRoutes: FastifyPluginAsync = async (app) => {
  const routes = adminRoutes(app)
  const db = app.db

  routes.get('/menus', { schema: { querystring: MenuQuery } }, async (request, scope) => {
    const q = request.query as typeof MenuQuery.static
    const language = scope.session.language
    let query = db.selectFrom('iamMenu as m').leftJoin('iamMenu as p', 'p.id', 'm.parentId')
    // The site's menus and the tenant's own (menu-scope.ts); the platform form lists every tenant's.
    if (scope.tenantId !== null) query = query.where('m.tenantId', 'in', menuTenantsOf(scope.tenantId))
    if (q.code) query = query.where('m.code', 'ilike', contains(q.code))
    if (q.name) query = query.where(sql<string>`m.names->>${language}`, 'ilike', contains(q.name))
    if (q.route) query = query.where('m.route', 'ilike', contains(q.route))
    if (q.type) query = query.where('m.type', '=', q.type)
    if (q.parentId !== undefined) query = query.where('m.parentId', '=', q.parentId)
    if (q.labelCode) query = query.where(hasLabel('MENU', q.labelCode, 'm.id', scope.session.tenantId))
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const page = q.page ?? 0
    const size = q.size ?? 10
    const rows = await query
      .selectAll('m')
      .select(['p.names as parentNames'])
      .select((eb) => {
        // Roles of the tenant holding the entry (of every tenant in the platform form).
        let roles = eb
          .selectFrom('iamRoleMenu as rm')
          .innerJoin('iamRole as r', 'r.id', 'rm.roleId')
          .select((e) => e.fn.countAll<string>().as('c'))
          .whereRef('rm.menuId', '=', 'm.id')
        if (scope.tenantId !== null) roles = roles.where('r.tenantId', '=', scope.tenantId)
        return roles.as('roleCount')
      })
      .orderBy(sql`coalesce(p.sort, m.sort)`)
      .orderBy('m.parentId')
      .orderBy('m.sort')
      .limit(size)
      .offset(page * size)
      .execute()
    const labels = await labelsOf(
      db,
      scope.session.tenantId,
      'MENU',
      rows.map((m) => Number(m.id)),
    )
    return pageOf(
      rows.map((m) => ({
        menuId: Number(m.id),
        code: m.code,
        name: textIn(m.names, language),
        type: m.type,
        parentId: Number(m.parentId),
        parentName: m.parentNames ? textIn(m.parentNames, language) : null,
        sort: m.sort,
        icon: m.icon,
        route: m.route,
        quickIndex: m.quickIndex,
        level: m.level,
        roleCount: Number(m.roleCount ?? 0),
        labelCodes: labels.get(Number(m.id)) ?? null,
        /** 1: a shared site menu, read-only to the caller (its labels can still be set). */
        readOnly: isMenuReadOnly(scope.session, Number(m.tenantId)) ? 1 : 0,
        /** The page file that declares the entry (issue 22, lowcode/page-menu.ts); null when made here or seeded. */
        sourceFile: m.sourceFile ?? null,
        objectVersionNumber: m.objectVersionNumber,
      })),
      Number(total.n),
      page,
      size,
    )
  })

  const clean = (body: typeof MenuCreate.static) => ({
    code: body.code,
    name: body.name,
    type: body.type,
    parentId: body.parentId ?? 0,
    sort: body.sort ?? 0,
    icon: body.icon || undefined,
    route: body.route || undefined,
    quickIndex: body.quickIndex || undefined,
    labelCodes: body.labelCodes,
  })
  const codeTaken = async (trx: Trx, code: string, except?: number) => {
    let query = trx.selectFrom('iamMenu').select('id').where('code', '=', code)
    if (except) query = query.where('id', '!=', except)
    const other = await query.executeTakeFirst()
    if (other)
      throw conflict(
        'error.menu.code_exists',
        `Menu code '${code}' is already used (menu ${other.id}): choose another code.`,
      )
  }

  routes.post(
    '/menus',
    { preHandler: requirePermission(MENU_CREATE), schema: { body: MenuCreate } },
    async (request, scope) => {
      const body = clean(request.body as typeof MenuCreate.static)
      const id = await db.transaction().execute(async (trx) => {
        await checkMenu(trx, scope.session, body)
        await codeTaken(trx, body.code)
        await checkLabels(trx, scope.session.tenantId, 'MENU', body.labelCodes ?? '')
        const last = await trx
          .selectFrom('iamMenu')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
        const menuId = Math.max(Number(last?.id ?? 0) + 1, 100000)
        const names: Texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, body.name]))
        const { name: _name, labelCodes: _labels, ...columns } = body
        await trx
          .insertInto('iamMenu')
          .values({
            ...columns,
            id: menuId,
            icon: body.icon ?? null,
            route: body.route ?? null,
            quickIndex: body.quickIndex ?? null,
            names: JSON.stringify(names),
            level: 'organization',
            // The creating tenant's own entry, seen by it only (a site-level role creates a site menu).
            tenantId: newMenuTenant(scope.session),
          })
          .execute()
        if (body.labelCodes) await saveLabels(trx, scope.session.tenantId, 'MENU', menuId, body.labelCodes)
        return menuId
      })
      return { menuId: id, ...body, objectVersionNumber: 1 }
    },
  )

  routes.put(
    '/menus',
    { preHandler: requirePermission(MENU_UPDATE), schema: { body: MenuUpdate } },
    async (request, scope) => {
      const raw = request.body as typeof MenuUpdate.static
      const menu = await visibleMenu(db, scope.session, raw.menuId)
      // What is not sent keeps its stored value; '' or null clears an optional text.
      const kept = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent)
      const next = {
        code: raw.code,
        type: raw.type,
        parentId: Number(kept(raw.parentId, menu.parentId) ?? 0),
        sort: kept(raw.sort, menu.sort) ?? 0,
        icon: kept(raw.icon, menu.icon) || null,
        route: kept(raw.route, menu.route) || null,
        quickIndex: kept(raw.quickIndex, menu.quickIndex) || null,
      }
      if (next.parentId === raw.menuId)
        throw badRequest('A menu cannot be its own parent: pick another parent menu, or none.', {
          parentId: 'itself',
        })
      // The name typed is the caller's language; the other languages keep theirs.
      const names = { ...(menu.names as Texts), [scope.session.language]: raw.name }
      const changed =
        (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== menu[key]) ||
        (menu.names as Texts)[scope.session.language] !== raw.name
      // A shared menu takes the tenant's own labels, never a change of the entry itself.
      if (changed) assertMenuWritable(scope.session, menu)
      await db.transaction().execute(async (trx) => {
        await checkMenu(
          trx,
          scope.session,
          {
            code: next.code,
            type: next.type,
            parentId: next.parentId,
            name: raw.name,
            route: next.route ?? undefined,
          },
          Number(menu.tenantId),
        )
        await codeTaken(trx, next.code, raw.menuId)
        const result = await trx
          .updateTable('iamMenu')
          .set((eb) => ({
            ...next,
            names: JSON.stringify(names),
            objectVersionNumber: eb('objectVersionNumber', '+', 1),
          }))
          .where('id', '=', raw.menuId)
          .where('objectVersionNumber', '=', raw.objectVersionNumber)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0)
          throw conflict(
            'error.optimistic_lock',
            'The menu was changed by someone else: reload it and apply your change again.',
          )
        if (raw.labelCodes !== undefined)
          await saveLabels(trx, scope.session.tenantId, 'MENU', raw.menuId, raw.labelCodes ?? '')
      })
      return { ...raw, objectVersionNumber: raw.objectVersionNumber + 1 }
    },
  )

  routes.delete(
    '/menus',
    { preHandler: requirePermission(MENU_DELETE), schema: { body: MenuDelete } },
    async (request, scope) => {
      const { menuId } = request.body as typeof MenuDelete.static
      // A shared menu stays: other tenants' roles use it (menu-scope.ts).
      await writableMenu(db, scope.session, menuId)
      const child = await db
        .selectFrom('iamMenu')
        .select('id')
        .where('parentId', '=', menuId)
        .executeTakeFirst()
      if (child)
        throw badRequest(
          `Menu ${menuId} still has entries under it (menu ${child.id}): delete or move them first.`,
          {
            menuId: 'has children',
          },
        )
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('iamRoleMenu').where('menuId', '=', menuId).execute()
        await trx.deleteFrom('iamMenuPermission').where('menuId', '=', menuId).execute()
        await trx
          .deleteFrom('hiamLabelAssignment')
          .where('targetType', '=', 'MENU')
          .where('targetId', '=', menuId)
          .execute()
        await trx.deleteFrom('iamMenu').where('id', '=', menuId).execute()
      })
      return { deleted: 1 }
    },
  )
}
