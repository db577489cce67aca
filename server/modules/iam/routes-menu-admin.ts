/**
 * Creating and changing menus without code: POST /api/iam/hzero/v1/menus (create) and PUT (update, with
 * objectVersionNumber). Guarded by hiam.menu.button.create / .update. A menu entry may carry the roles that
 * see it and its permission set, which those roles are granted (see menu-admin-schemas.ts).
 */
import type { TypedPlugin } from '../../type-provider.ts'
import type { Selectable } from 'kysely'
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import type { MenuTable, Texts } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { assign, checkMenu, readMenu } from './menu-admin.ts'
import { MenuCreateBody, MenuUpdateBody } from './menu-admin-schemas.ts'
import { newMenuTenant, nextMenuId, writableMenu } from './menu-scope.ts'

export const MENU_CREATE = 'hiam.menu.button.create'
export const MENU_UPDATE = 'hiam.menu.button.update'

export const menuAdminRoutes: TypedPlugin = async (app) => {
  app.post(
    '/api/iam/hzero/v1/menus',
    { preHandler: requirePermission(MENU_CREATE), schema: { body: MenuCreateBody } },
    async (request, reply) => {
      const session = sessionOf(request)
      const body = request.body
      const saved = await app.db.transaction().execute(async (trx) => {
        await checkMenu(trx, session, body)
        const taken = await trx
          .selectFrom('iamMenu')
          .select('id')
          .where('code', '=', body.code)
          .executeTakeFirst()
        if (taken)
          throw conflict(
            'error.menu.code_exists',
            `Menu code '${body.code}' is already used (menu ${taken.id}): choose another code.`,
          )
        const id = await nextMenuId(trx)
        await trx
          .insertInto('iamMenu')
          .values({ id, ...columns(body), tenantId: newMenuTenant(session) })
          .execute()
        await assign(trx, id, body)
        return id
      })
      return reply.status(201).send(await readMenu(app.db, saved, session.language))
    },
  )

  app.put(
    '/api/iam/hzero/v1/menus',
    { preHandler: requirePermission(MENU_UPDATE), schema: { body: MenuUpdateBody } },
    async (request) => {
      const session = sessionOf(request)
      const body = request.body
      await app.db.transaction().execute(async (trx) => {
        // A shared (site) menu is read-only to a tenant role; another tenant's is not there at all.
        const menu = await writableMenu(trx, session, body.id)
        await checkMenu(trx, session, body, Number(menu.tenantId))
        const other = await trx
          .selectFrom('iamMenu')
          .select('id')
          .where('code', '=', body.code)
          .where('id', '!=', body.id)
          .executeTakeFirst()
        if (other)
          throw conflict(
            'error.menu.code_exists',
            `Menu code '${body.code}' is already used (menu ${other.id}): choose another code.`,
          )
        const result = await trx
          .updateTable('iamMenu')
          .set((eb) => ({
            ...columns(body, { row: menu, language: session.language }),
            objectVersionNumber: eb('objectVersionNumber', '+', 1),
          }))
          .where('id', '=', body.id)
          .where('objectVersionNumber', '=', body.objectVersionNumber)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) {
          const exists = await trx
            .selectFrom('iamMenu')
            .select('id')
            .where('id', '=', body.id)
            .executeTakeFirst()
          if (!exists) throw notFound(`Menu ${body.id} does not exist: reload the menus.`)
          throw conflict(
            'error.optimistic_lock',
            'The menu was changed by someone else: reload it and apply your change again.',
          )
        }
        await assign(trx, body.id, body)
      })
      return readMenu(app.db, body.id, session.language)
    },
  )
}

/**
 * The columns a body sets. On create an absent optional field takes its default; on update (`current`: the
 * stored row) it keeps its stored value, since an update changes what it is sent and nothing else.
 */
function columns(body: MenuCreateBody, current?: { row: Selectable<MenuTable>; language: Language }) {
  // `_tls.name` carries every language; without it the one name serves them all (on update: the caller's
  // language, the others keep theirs).
  const names: Texts =
    body._tls?.name ??
    (current
      ? { ...(current.row.names as Texts), [current.language]: body.name }
      : Object.fromEntries(LANGUAGES.map((lang) => [lang, body.name])))
  const kept = <K extends 'sort' | 'icon' | 'route' | 'quickIndex' | 'level'>(
    key: K,
    fallback: MenuTable[K],
  ) => body[key] ?? (current ? current.row[key] : fallback)
  return {
    code: body.code,
    type: body.type,
    parentId: body.parentId,
    sort: kept('sort', 0),
    icon: kept('icon', null),
    route: kept('route', null),
    quickIndex: kept('quickIndex', null),
    level: kept('level', 'organization'),
    names: JSON.stringify(names),
  }
}
