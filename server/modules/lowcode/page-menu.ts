/**
 * A page file's menu entry and default grants (issue 22: `menu` and `grants` of the page language) applied to
 * the database when the file is read at start and each time it changes, idempotently:
 * - the entry is created once (a site entry, `source_file` = the file) and updated when the file changes,
 *   unless the row no longer matches what the file last wrote (`source_hash`): then an administrator changed
 *   it in the menu screens and their change wins;
 * - the roles named in `grants` (by code, in every tenant) get the entry, the codes listed and the screen's read
 *   code (the query code of its data source's model), when the file's grants change (`grants_hash`), so a grant an
 *   administrator took away is not given back at every start.
 * An entry whose code is already used by an entry that did not come from this file is left alone (reported).
 * When the file is removed, its entry goes too (removePageMenu), unless an administrator changed it.
 */
import { createHash } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { MenuTable } from '../../db/schema.ts'
import type { Trx } from '../iam/menu-admin.ts'
import { nextMenuId } from '../iam/menu-scope.ts'
import type { Db } from '../../db/schema.ts'

export interface FileMenu {
  parent?: string
  code?: string
  order?: number
  icon?: string
  title: { zh_CN: string; en_US: string; zh_TW: string }
}

export interface MenuOutcome {
  file: string
  /** What happened, for the log: created, updated, kept (administrator's change), unchanged, refused. */
  action: 'created' | 'updated' | 'kept' | 'unchanged' | 'refused' | 'none' | 'removed'
  menuId?: number
  /** Why it was refused or kept, and what to do. */
  reason?: string
  /** Roles that were granted the entry and codes this time (by id). */
  grantedRoles?: number[]
}

/** The default code of a page's entry: the route with dots ("/wmdm/dock" → "wmdm.dock"). */
export const menuCodeOf = (route: string) =>
  route
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .join('.')

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex')

/** The columns of an entry that the file owns, in a fixed order (hashed to tell an administrator's edit). */
function owned(
  row: Pick<Selectable<MenuTable>, 'code' | 'parentId' | 'sort' | 'icon' | 'route'> & { names: unknown },
) {
  const names = (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as Record<string, string>
  return {
    code: row.code,
    parentId: Number(row.parentId),
    sort: Number(row.sort),
    icon: row.icon ?? null,
    route: row.route ?? null,
    names: { zh_CN: names.zh_CN ?? '', en_US: names.en_US ?? '', zh_TW: names.zh_TW ?? '' },
  }
}

/**
 * Applies `menu` and `grants` of one page file (its parsed JSON `data`). A page without a menu entry has
 * nothing to apply; grants without a menu entry grant only the codes.
 */
export async function applyPageMenu(
  db: Db,
  file: string,
  data: unknown,
  readCodes: readonly string[] = [],
): Promise<MenuOutcome> {
  const page = (typeof data === 'object' && data !== null ? data : {}) as {
    route?: string
    menu?: FileMenu
    grants?: Record<string, string[]>
  }
  if (!page.menu && !page.grants) return { file, action: 'none' }
  return db.transaction().execute(async (trx) => {
    const outcome: MenuOutcome = page.menu
      ? await applyEntry(trx, file, page.route ?? '', page.menu)
      : { file, action: 'none' }
    if (page.grants && outcome.action !== 'refused')
      outcome.grantedRoles = await applyGrants(trx, outcome.menuId, withReadCodes(page.grants, readCodes))
    return outcome
  })
}

/**
 * The grants with the screen's read codes added to every role named: a role given the entry is given what its
 * list needs to answer (the query code of the model the page's data source names), as the menu screens' permission
 * set grants it with the menu. Without it the screen would open on a refusal of its own list.
 */
function withReadCodes(grants: Record<string, string[]>, readCodes: readonly string[]) {
  if (!readCodes.length) return grants
  return Object.fromEntries(
    Object.entries(grants).map(([role, codes]) => [role, [...new Set([...readCodes, ...codes])]]),
  )
}

/**
 * The entry the page file `file` (named relative to the pages directory) wrote, also when it was written under an
 * older spelling of the same file's name (the absolute or working-directory path earlier versions stored): that
 * entry is renamed to `file` and adopted, instead of the file's entry being refused as a clash with itself.
 */
async function entryOf(trx: Trx, file: string): Promise<Selectable<MenuTable> | undefined> {
  const named = await trx.selectFrom('iamMenu').selectAll().where('sourceFile', '=', file).executeTakeFirst()
  if (named) return named
  const suffixes = [`/${file}`, `\\${file.replaceAll('/', '\\')}`]
  const older = (
    await trx.selectFrom('iamMenu').selectAll().where('sourceFile', 'like', '%.page.json').execute()
  ).find((entry) => suffixes.some((suffix) => entry.sourceFile?.endsWith(suffix)))
  if (!older) return undefined
  await trx.updateTable('iamMenu').set({ sourceFile: file }).where('id', '=', older.id).execute()
  return { ...older, sourceFile: file }
}

async function applyEntry(trx: Trx, file: string, route: string, menu: FileMenu): Promise<MenuOutcome> {
  const code = menu.code ?? menuCodeOf(route)
  let parentId = 0
  if (menu.parent) {
    const parent = await trx
      .selectFrom('iamMenu')
      .select(['id', 'type'])
      .where('code', '=', menu.parent)
      .where('tenantId', '=', 0)
      .executeTakeFirst()
    if (!parent || (parent.type !== 'dir' && parent.type !== 'root'))
      return {
        file,
        action: 'refused',
        reason: `menu.parent '${menu.parent}' is not ${parent ? 'a directory' : 'a menu code'}: name the code of a directory entry (e.g. "wmdm"), or leave parent out for a top-level entry`,
      }
    parentId = Number(parent.id)
  }
  const wanted = owned({
    code,
    parentId,
    sort: menu.order ?? 100,
    icon: menu.icon ?? null,
    route,
    names: menu.title,
  })
  const wantedHash = hash(wanted)
  const columns = { ...wanted, names: JSON.stringify(wanted.names) }

  const mine = await entryOf(trx, file)
  const other = await trx
    .selectFrom('iamMenu')
    .select(['id', 'sourceFile'])
    .where('code', '=', code)
    .$if(!!mine, (q) => q.where('id', '!=', Number(mine?.id)))
    .executeTakeFirst()
  if (other)
    return {
      file,
      action: 'refused',
      reason: `menu code '${code}' is already used by menu ${other.id}${other.sourceFile ? ` (from ${other.sourceFile})` : ''}: give this page's entry a code of its own (menu.code)`,
    }

  if (!mine) {
    const id = await nextMenuId(trx)
    await trx
      .insertInto('iamMenu')
      .values({
        id,
        ...columns,
        type: 'menu',
        quickIndex: null,
        level: 'organization',
        sourceFile: file,
        sourceHash: wantedHash,
      })
      .execute()
    return { file, action: 'created', menuId: id }
  }
  const menuId = Number(mine.id)
  if (mine.sourceHash === wantedHash) return { file, action: 'unchanged', menuId }
  if (hash(owned(mine)) !== mine.sourceHash)
    return {
      file,
      action: 'kept',
      menuId,
      reason: `menu ${menuId} was changed in the menu screens since the file last wrote it: the administrator's version is kept`,
    }
  await trx
    .updateTable('iamMenu')
    .set((eb) => ({
      ...columns,
      sourceHash: wantedHash,
      objectVersionNumber: eb('objectVersionNumber', '+', 1),
    }))
    .where('id', '=', menuId)
    .execute()
  return { file, action: 'updated', menuId }
}

/** Gives the roles named in `grants` the entry (when there is one) and their codes, once per change of grants. */
async function applyGrants(
  trx: Trx,
  menuId: number | undefined,
  grants: Record<string, string[]>,
): Promise<number[]> {
  const grantsHash = hash(Object.entries(grants).sort(([a], [b]) => a.localeCompare(b)))
  if (menuId !== undefined) {
    const row = await trx
      .selectFrom('iamMenu')
      .select('grantsHash')
      .where('id', '=', menuId)
      .executeTakeFirstOrThrow()
    if (row.grantsHash === grantsHash) return []
  }
  const roleCodes = Object.keys(grants)
  const roles = roleCodes.length
    ? await trx.selectFrom('iamRole').select(['id', 'code']).where('code', 'in', roleCodes).execute()
    : []
  const codes = [...new Set(Object.values(grants).flat())]
  if (codes.length)
    await trx
      .insertInto('iamPermission')
      .values(codes.map((code) => ({ code, controllerType: 'hidden' })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
  if (menuId !== undefined) {
    if (roles.length)
      await trx
        .insertInto('iamRoleMenu')
        .values(roles.map((role) => ({ roleId: Number(role.id), menuId })))
        .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
        .execute()
    if (codes.length)
      await trx
        .insertInto('iamMenuPermission')
        .values(codes.map((code) => ({ menuId, code })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    await trx.updateTable('iamMenu').set({ grantsHash }).where('id', '=', menuId).execute()
  }
  const rolePermissions = roles.flatMap((role) =>
    (grants[role.code] ?? []).map((code) => ({ roleId: Number(role.id), code })),
  )
  if (rolePermissions.length)
    await trx
      .insertInto('iamRolePermission')
      .values(rolePermissions)
      .onConflict((oc) => oc.columns(['roleId', 'code']).doNothing())
      .execute()
  return roles.map((role) => Number(role.id))
}

/**
 * The page file `file` was removed: its menu entry goes with it (and the entry's role grants and labels), unless
 * an administrator changed the entry in the menu screens since the file last wrote it (their change wins: the
 * entry stays, and says it no longer has a file), or entries were put under it.
 */
export async function removePageMenu(db: Db, file: string): Promise<MenuOutcome> {
  return db.transaction().execute(async (trx) => {
    const mine = await entryOf(trx, file)
    if (!mine) return { file, action: 'none' }
    const menuId = Number(mine.id)
    const child = await trx
      .selectFrom('iamMenu')
      .select('id')
      .where('parentId', '=', menuId)
      .executeTakeFirst()
    if (hash(owned(mine)) !== mine.sourceHash || child)
      return {
        file,
        action: 'kept',
        menuId,
        reason: child
          ? `menu ${menuId} has entries under it (menu ${child.id}): it stays; delete or move them, then delete it in the menu screens`
          : `menu ${menuId} was changed in the menu screens since the file last wrote it: the administrator's entry stays (delete it in the menu screens if it should go)`,
      }
    await trx.deleteFrom('iamRoleMenu').where('menuId', '=', menuId).execute()
    await trx.deleteFrom('iamMenuPermission').where('menuId', '=', menuId).execute()
    await trx
      .deleteFrom('hiamLabelAssignment')
      .where('targetType', '=', 'MENU')
      .where('targetId', '=', menuId)
      .execute()
    await trx.deleteFrom('iamMenu').where('id', '=', menuId).execute()
    return { file, action: 'removed', menuId }
  })
}
