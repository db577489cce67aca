/**
 * Reads need the menu of a screen that makes them. Every GET route of /api (and the Lov query sent as POST) is
 * guarded unless EVERY_USER_READS names it with a reason: a role may read a route when it holds a menu
 * (iam_role_menu → iam_menu.route) whose screen reads it, as HZERO grants a menu's permission set with the
 * menu (or a permission code of such a screen, or a code the read route declares itself). Which screen reads what is worked out at start from the page files (lowcode/screen-reads.ts): the paths
 * its data sources, line tables, detail pages, actions and hand-written widgets name, including everything
 * under such a path (`/:id`, `/export`, `/aggregate`…) and the site twin without `:tenantId`. A Lov's data is
 * readable when one of the role's screens uses that Lov code, or when the role may read every list the view
 * reads (a URL view's list, the model lists of the tables an SQL view names): a value list shows no more than
 * those lists. Value sets are every user's (the options of every select). A menu's screens are the page on its route, the
 * pages under its route, and the pages those open (`to`), transitively. The screens every role may open without a
 * menu (CORE-PERM-05, src/routes/route-table.ts isAuthorizedRoute: the logistics screens) count for every role.
 *
 * Added in one onRoute hook, so that a route added later is guarded by default; the route table shows each
 * read route's guard (`readGuard`). What a role may read is cached per role and follows every write
 * (db/write-watch.ts), so a grant change counts from the next request.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify'
import { cacheWatchOf, readCache, type ReadCache } from '../db/write-watch.ts'
import { isAuthorizedRoute } from '../../renderer/contract/authorized-routes.ts'
import type { Db } from '../db/schema.ts'
import { forbidden, noPermission } from '../errors.ts'
import type { ServedPage } from '../modules/lowcode/load-pages.ts'
import { apiPath, readsOfPage, type ScreenReads } from '../modules/lowcode/screen-reads.ts'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { guardCodesOf } from './permissions.ts'
import { shared } from './shared.ts'

/** How a read route is guarded, as the route table shows it. */
export type ReadGuard =
  { kind: 'screens' } | { kind: 'lov'; param: string } | { kind: 'every-user'; reason: string }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the read guard on every read route of /api (read-guards.ts). */
    readGuard?: ReadGuard
  }
}

/** Both forms of a tenant route: with `:tenantId` and the site twin without it. */
const bothForms = (path: string) => [path, path.replace('/:tenantId/', '/')]

/** Routes of the tenant form only (no site twin is registered). */
const TENANT_ONLY = new Set([
  '/api/hpfm/v1/:tenantId/current-static-texts',
  '/api/hpfm/v1/:tenantId/cards',
  '/api/hpfm/v1/:tenantId/dynamic-forms/:formCode',
  '/api/wms/v1/:tenantId/warehouses/query-default-warehourse-permissions',
  '/api/wms/v1/:tenantId/wms-common/query-digital-accuracy',
  '/api/hfle/v1/:tenantId/upload-configs/effective',
  '/api/hfle/v1/:tenantId/files/preview',
  '/api/hsdr/v1/:tenantId/scheduler/time-zone',
  '/api/hpfm/v1/:tenantId/export-task/:uuid/file',
  '/api/hpfm/v1/:tenantId/effective-profile-values',
])

/**
 * Header of the inner requests a guarded read makes to answer (a nested child list, a Lov over a URL view):
 * the outer read was guarded already. Its value is made at start and never leaves the process.
 */
const INNER_READ_HEADER = 'x-inner-read'
const INNER_READ_SECRET = randomUUID()
export const innerReadHeaders = (): Record<string, string> => ({ [INNER_READ_HEADER]: INNER_READ_SECRET })

/**
 * Reads every signed-in user makes, whatever their menus: the shell around every screen and the user's own
 * records. Keys are `METHOD url` of the route table; each form (tenant, site) is listed.
 */
export const EVERY_USER_READS: Record<string, string> = Object.fromEntries(
  (
    [
      ['/api/iam/hzero/v1/users/self', "the shell: the signed-in user's own profile"],
      ['/api/iam/hzero/v1/users/self-tenants', "the shell: the user's own tenants, to switch"],
      ['/api/iam/hzero/v1/member-roles/self-roles', "the shell: the user's own roles, to switch"],
      ['/api/iam/hzero/v1/menus/tree', "the shell: the menus of the user's own role"],
      ['/api/iam/hzero/v1/users/self/layout-settings', "the shell: the user's own layout settings"],
      ['/api/iam/hzero/v1/users/password-policy', 'the personal centre: the rule a new password must meet'],
      ['/api/hpfm/v1/page-schemas', 'the page files every screen is drawn from (no data)'],
      ['/api/hpfm/v1/page-schemas/page', 'one page file (no data)'],
      [
        '/api/hpfm/v1/page-schemas/document',
        "a document page's number and status fields and lifecycle, from the page and model files (no data)",
      ],
      ['/api/hpfm/v1/:tenantId/prompt/:lang', 'the texts of the user interface'],
      ['/api/hpfm/v1/:tenantId/current-static-texts', "the workplace: the tenant's texts shown to everyone"],
      [
        '/api/hpfm/v1/:tenantId/cards',
        "the workplace: the cards every user's home shows (definitions, no data)",
      ],
      ['/api/hpfm/v1/:tenantId/lovs/value', 'value sets (lookups): the options of every select'],
      ['/api/hpfm/v1/:tenantId/lovs/value/batch', 'value sets (lookups): the options of every select'],
      [
        '/api/hpfm/v1/:tenantId/dynamic-forms/:formCode',
        'the definition of a dynamic form a screen shows (no data)',
      ],
      ['/api/hpfm/v1/multi-language', 'the translations of a multi-language field of a record being edited'],
      [
        '/api/hpfm/v1/:tenantId/data-hierarchies/switch/value',
        "the shell: the user's own data hierarchy choice",
      ],
      [
        '/api/hpfm/v1/:tenantId/data-hierarchies/switch/value/details',
        "the shell: the user's own data hierarchy choice",
      ],
      [
        '/api/hpfm/v1/:tenantId/data-hierarchies/switch/details',
        "the shell: the user's own data hierarchy choice",
      ],
      [
        '/api/hpfm/v1/:tenantId/data-hierarchies/switch/display-style/value',
        'the shell: how the data hierarchy switch is shown',
      ],
      [
        '/api/hpfm/v1/:tenantId/data-hierarchies/display-style/value',
        'the shell: how the data hierarchy switch is shown',
      ],
      ['/api/hmsg/v1/:tenantId/messages/user', "the user's own messages (the bell)"],
      [
        '/api/hsdr/v1/:tenantId/scheduler/time-zone',
        'the zone every cron and schedule time is read in (server setting, no data)',
      ],
      ['/api/hmsg/v1/:tenantId/messages/user/count', "the count of the user's own unread messages"],
      ['/api/hpfm/v1/:tenantId/self/export-task', "the user's own export tasks"],
      [
        '/api/hpfm/v1/:tenantId/effective-profile-values',
        "the profile values in effect for the caller: their own settings, no other user's",
      ],
      [
        '/api/hpfm/v1/:tenantId/export-task/:uuid/file',
        "the file of the user's own export task (another user's is 404 unless the caller administers the tenant's tasks)",
      ],
      ['/api/hpfm/v1/:tenantId/cusz-infos/detail', "the user's own column settings of a table"],
      [
        '/api/hpfm/v1/:tenantId/cusz-query-user-template/current-user-template',
        "the user's own filter template",
      ],
      [
        '/api/hpfm/v1/:tenantId/cusz-query-user-template/config-field',
        "the fields the user's own filter template may use",
      ],
      [
        '/api/wms/v1/:tenantId/warehouses/query-default-warehourse-permissions',
        "the shell: the user's own default warehouse",
      ],
      ['/api/wms/v1/:tenantId/wms-common/query-digital-accuracy', "the shell: the tenant's number precision"],
      [
        '/api/hfle/v1/:tenantId/upload-configs/effective',
        'the upload rule of a bucket, shown by every upload field',
      ],
      [
        '/api/hfle/v1/:tenantId/files/:uuid/file',
        "an attachment group's files, named by the uuid its record carries",
      ],
      [
        '/api/hfle/v1/:tenantId/files/download',
        'one file, named by the url its record carries (bucket rules apply)',
      ],
      [
        '/api/hfle/v1/:tenantId/files/preview',
        'one file, named by the url its record carries (bucket rules apply)',
      ],
      [
        '/api/hfle/v1/:tenantId/files/signedUrl',
        'one file, named by the url its record carries (bucket rules apply)',
      ],
      [
        '/api/hfle/v1/:tenantId/files/redirect-url',
        'one file, named by the url its record carries (bucket rules apply)',
      ],
    ] as Array<[string, string]>
  ).flatMap(([path, reason]) =>
    (TENANT_ONLY.has(path) ? [path] : bothForms(path)).map((form) => [`GET ${form}`, reason]),
  ),
)

/** Lov routes: readable when one of the role's screens uses the Lov code the request names. */
const LOV_ROUTES: Record<string, string> = Object.fromEntries(
  [
    ['/api/hpfm/v1/:tenantId/lovs/data', 'lovCode'],
    ['/api/hpfm/v1/:tenantId/lov-view/info', 'viewCode'],
  ].flatMap(([path, param]) =>
    bothForms(path!).flatMap((form) => [
      [`GET ${form}`, param!],
      [`POST ${form}`, param!],
    ]),
  ),
)

/** A route that reads: GET, or one of the Lov queries sent as POST. */
const isRead = (method: string, url: string) =>
  url.startsWith('/api/') && (method === 'GET' || LOV_ROUTES[`${method} ${url}`] !== undefined)

const segments = (path: string) => path.split('/').filter(Boolean)
const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{')
/**
 * Whether a route's segment can answer a segment a screen names. `:tenantId` only answers the tenant; any other
 * parameter answers any value; a parameter the screen fills answers any segment of the same place.
 */
function answers(route: string, named: string) {
  if (route === named) return true
  if (route === ':tenantId' || named === ':tenantId') return false
  return isParam(route) || isParam(named)
}

/** The route `url` is `path` or lies under it (`/:id`, `/export`, `/lines`…). */
function liesUnder(url: string[], path: string[]) {
  return url.length >= path.length && path.every((segment, i) => answers(url[i]!, segment))
}

/** Two page routes (or a menu route and a page route) name the same screen (`{param}` matches any value). */
function sameScreen(a: string[], b: string[]) {
  return (
    a.length === b.length && a.every((segment, i) => segment === b[i] || isParam(segment) || isParam(b[i]!))
  )
}

export interface ReadIndex {
  /** `METHOD url` → the screens (page routes) that read it. */
  readers: Map<string, Set<string>>
  /** Lov code → the screens that use it. */
  lovReaders: Map<string, Set<string>>
  /** The screens (page routes) a menu route shows: its own, those under it, and what they open. */
  screensOf(menuRoute: string): string[]
  /** What a role holding these menus and permission codes may read (see RoleGrants). */
  grantOf(role: RoleGrants): Grant
  /** The read route (`GET url`) answering an API path (`/api/wms/v1/:tenantId/x`), if any. */
  routeKeyOf(path: string): string | undefined
  /**
   * The reads a Lov view stands for: a URL view's list route; an SQL view's model lists (one read route per
   * model table its SQL names). A role granted all of them may use the view: a value list shows no more than
   * the lists it is read from. Empty when the view reads nothing the guard knows (a table of no model).
   */
  lovNeeds(view: LovViewFacts): string[]
}

/** What the read guard needs to know of a Lov view. */
export interface LovViewFacts {
  lovTypeCode: string
  queryUrl: string | null
  sqlText: string | null
}

/** What a role holds, as the read guard sees it. */
export interface RoleGrants {
  /** Routes of its menus (iam_role_menu → iam_menu.route). */
  menuRoutes: string[]
  /**
   * Its permission codes (iam_role_permission): a code belongs to the screen that declares it (the menu's
   * permission set), so a role holding it was granted that screen. A site-level read (no `:tenantId` and no
   * tenant twin) is granted by a code only to a site role, by a menu to any role.
   */
  codes: string[]
  siteLevel: boolean
}

export interface Grant {
  routes: Set<string>
  lovCodes: Set<string>
  /** The role reads the Lov view screen (its list of every view): it may try any Lov. */
  allLovs: boolean
  /** The role's permission codes: a read route's own codes (its query or export code) grant it too. */
  codes: Set<string>
}

/** Works out which screens read which route of `routes`, from the page files. */
export function readIndex(
  pages: Array<Pick<ServedPage, 'route' | 'source' | 'permissions'>>,
  routes: RouteKey[],
  models: readonly Pick<ModelSchema, 'service' | 'resource' | 'permissions' | 'lifecycle' | 'table'>[] = [],
): ReadIndex {
  const served = pages.filter((page) => page.route)
  const screens: ScreenReads[] = served.map((page) => readsOfPage(page))
  const readRoutes = routes.filter((route) => isRead(route.method, route.url))
  const readersOf = new Map<string, string[]>()
  const readers = new Map<string, Set<string>>()
  const lovReaders = new Map<string, Set<string>>()
  const add = (map: Map<string, Set<string>>, key: string, screen: string) => {
    const set = map.get(key) ?? new Set<string>()
    set.add(screen)
    map.set(key, set)
  }
  // Read routes by their first three segments (`api/wms/v1`), which a screen's path names literally.
  const byService = new Map<string, Array<{ key: string; url: string[] }>>()
  for (const route of readRoutes) {
    const url = segments(route.url)
    const bucket = url.slice(0, 3).join('/')
    byService.set(bucket, [...(byService.get(bucket) ?? []), { key: `${route.method} ${route.url}`, url }])
  }
  for (const screen of screens) {
    const keys = new Set<string>()
    for (const path of screen.paths.flatMap((named) => bothForms(named)).map(segments)) {
      for (const route of byService.get(path.slice(0, 3).join('/')) ?? [])
        if (liesUnder(route.url, path)) keys.add(route.key)
    }
    for (const key of keys) add(readers, key, screen.route)
    readersOf.set(screen.route, [...keys])
    for (const code of screen.lovCodes) add(lovReaders, code, screen.route)
  }
  // Site-level reads: no `:tenantId` and no tenant form of the same route.
  const twins = new Set(
    routes.filter((route) => route.url.includes('/:tenantId/')).map((r) => r.url.replace('/:tenantId/', '/')),
  )
  const siteOnly = new Set(
    readRoutes
      .filter((route) => !route.url.includes('/:tenantId') && !twins.has(route.url))
      .map((route) => `${route.method} ${route.url}`),
  )
  /** Permission code → the screens declaring it. */
  const screensOfCode = new Map<string, string[]>()
  for (const page of served)
    for (const code of page.permissions)
      screensOfCode.set(code, [...(screensOfCode.get(code) ?? []), page.route])

  const bySegments = screens.map((screen) => ({ screen, parts: segments(screen.route) }))
  const byRoute = new Map(screens.map((screen) => [screen.route, screen]))
  /** These screens and what they open, transitively. */
  const withOpened = (start: ScreenReads[]): ScreenReads[] => {
    const reached = new Map<string, ScreenReads>()
    const queue = [...start]
    while (queue.length) {
      const screen = queue.pop()!
      if (reached.has(screen.route)) continue
      reached.set(screen.route, screen)
      for (const opened of screen.opens) {
        const target = segments(opened)
        for (const other of bySegments) if (sameScreen(other.parts, target)) queue.push(other.screen)
      }
    }
    return [...reached.values()]
  }
  /** The screens a menu route reaches: its own, those under it, and what they open, transitively. */
  const screensOf = (menuRoute: string): ScreenReads[] => {
    const menu = segments(menuRoute)
    return withOpened(
      bySegments
        .filter(({ parts }) => sameScreen(parts, menu) || liesUnder(parts, menu))
        .map(({ screen }) => screen),
    )
  }
  // Screens every signed-in role opens whatever its menus (CORE-PERM-05: the logistics screens), with their reads.
  const authorized = screens.filter((screen) => isAuthorizedRoute(screen.route)).map((screen) => screen.route)
  /**
   * A model's family: every read route under its resource path (list, `/:id`, `/export`, `/aggregate`, nested
   * lists…) with the model's permission codes. A role granted one read of the family (a screen reads it) or
   * holding one of its codes reads the whole family: the model's records are one resource, as HZERO grants an
   * API's permission set with the menu.
   */
  const families = models.flatMap((model) => {
    const base = apiPath(model.service, `/v1/{tenantId}/${model.resource}`)
    if (!base) return []
    const under = bothForms(base).map(segments)
    const keys = readRoutes
      .filter((route) => under.some((path) => liesUnder(segments(route.url), path)))
      .map((route) => `${route.method} ${route.url}`)
    const codes = [
      ...Object.values(model.permissions ?? {}),
      ...(model.lifecycle?.transitions ?? []).map((transition) => transition.permission),
    ].filter((code): code is string => typeof code === 'string')
    return keys.length ? [{ keys, codes, table: model.table }] : []
  })
  const LOV_ADMIN = 'GET /api/hpfm/v1/:tenantId/lov-views'
  const grants = new Map<string, Grant>()
  const routeKeyOf = (path: string) => {
    const parts = segments(path)
    return (byService.get(parts.slice(0, 3).join('/')) ?? []).find(
      (route) =>
        route.key.startsWith('GET ') && route.url.length === parts.length && liesUnder(route.url, parts),
    )?.key
  }
  /** Model table → one read route of its family (a role granted one is granted all, see grantOf). */
  const tableReads = families.map((family) => ({
    named: new RegExp(`\\b${family.table}\\b`, 'i'),
    key: family.keys.reduce((a, b) => (b.length < a.length ? b : a)), // the list
  }))
  return {
    readers,
    lovReaders,
    screensOf: (menuRoute) => screensOf(menuRoute).map((screen) => screen.route),
    routeKeyOf,
    lovNeeds(view) {
      if (view.lovTypeCode === 'URL' && view.queryUrl) {
        const key = routeKeyOf(
          `/api${view.queryUrl.split('?')[0]!.replace(/\{(organizationId|tenantId)\}/g, ':tenantId')}`,
        )
        return key ? [key] : []
      }
      if (view.lovTypeCode === 'SQL' && view.sqlText) {
        const text = view.sqlText
        return [...new Set(tableReads.filter((table) => table.named.test(text)).map((table) => table.key))]
      }
      return []
    },
    grantOf({ menuRoutes, codes, siteLevel }) {
      const key = createHash('sha256')
        .update([siteLevel, ...[...new Set(menuRoutes)].sort(), '', ...[...new Set(codes)].sort()].join('\n'))
        .digest('base64')
      const known = grants.get(key)
      if (known) return known
      const grant: Grant = { routes: new Set(), lovCodes: new Set(), codes: new Set(codes), allLovs: false }
      const take = (screen: ScreenReads, byCode: boolean) => {
        for (const route of readersOf.get(screen.route) ?? [])
          if (!byCode || siteLevel || !siteOnly.has(route)) grant.routes.add(route)
        for (const code of screen.lovCodes) grant.lovCodes.add(code)
      }
      for (const menuRoute of [...new Set([...menuRoutes, ...authorized])])
        for (const screen of screensOf(menuRoute)) take(screen, false)
      const coded = [...new Set(codes.flatMap((code) => screensOfCode.get(code) ?? []))]
      for (const screen of withOpened(coded.flatMap((route) => byRoute.get(route) ?? []))) take(screen, true)
      for (const family of families)
        if (
          family.codes.some((code) => grant.codes.has(code)) ||
          family.keys.some((k) => grant.routes.has(k))
        )
          for (const route of family.keys) if (siteLevel || !siteOnly.has(route)) grant.routes.add(route)
      grant.allLovs = grant.routes.has(LOV_ADMIN)
      if (grants.size >= 1000) grants.clear()
      grants.set(key, grant)
      return grant
    },
  }
}

interface RouteKey {
  method: string
  url: string
}

/** The menu routes and codes of a role, cached per database and role. */
const roleCaches = new WeakMap<object, ReadCache<Omit<RoleGrants, 'siteLevel'>>>()
async function roleGrantsOf(db: Db, roleId: number): Promise<Omit<RoleGrants, 'siteLevel'>> {
  const read = async () => {
    const [menus, codes] = await Promise.all([
      db
        .selectFrom('iamRoleMenu')
        .innerJoin('iamMenu', 'iamMenu.id', 'iamRoleMenu.menuId')
        .select('iamMenu.route')
        .where('iamRoleMenu.roleId', '=', roleId)
        .where('iamMenu.route', 'is not', null)
        .execute(),
      db.selectFrom('iamRolePermission').select('code').where('roleId', '=', roleId).execute(),
    ])
    return {
      menuRoutes: menus.flatMap((row) => (row.route ? [row.route] : [])),
      codes: codes.map((row) => row.code),
    }
  }
  const watch = cacheWatchOf(db)
  if (!watch) return read()
  let cache = roleCaches.get(db)
  if (!cache) roleCaches.set(db, (cache = readCache(watch, 10_000)))
  return cache.get(String(roleId), read)
}

/** The Lov views of a tenant as the read guard sees them (see lovFactsOf). */
export interface LovFacts {
  /** Lov or view code → the reads the view stands for (ReadIndex.lovNeeds); absent: not a Lov view. */
  needs: Map<string, string[]>
  /**
   * Route key → the Lov codes whose URL view (`queryUrl`) reads it: a picker calls its view's list itself
   * (CORE-LOV-10), so a role that may use the Lov may read that list.
   */
  urlReaders: Map<string, string[]>
}

/** The tenant's enabled Lov views (its own before the site's), cached per database and tenant. */
const lovFactCaches = new WeakMap<object, ReadCache<LovFacts>>()
export async function lovFactsOf(db: Db, tenantId: number, index: ReadIndex): Promise<LovFacts> {
  const read = async (): Promise<LovFacts> => {
    const views = await db
      .selectFrom('hpfmLovView')
      .select(['tenantId', 'viewCode', 'lovCode', 'lovTypeCode', 'queryUrl', 'sqlText'])
      .where('tenantId', 'in', [0, tenantId])
      .where('enabledFlag', '=', 1)
      .orderBy('tenantId', 'desc')
      .execute()
    const needs = new Map<string, string[]>()
    const urlReaders = new Map<string, string[]>()
    // IDP views are value sets under a view's name: every user's, like lovs/value.
    for (const view of views.filter((v) => v.lovTypeCode !== 'IDP')) {
      const reads = index.lovNeeds(view)
      for (const code of [view.lovCode, view.viewCode]) if (!needs.has(code)) needs.set(code, reads)
      if (view.lovTypeCode === 'URL' && reads[0])
        urlReaders.set(reads[0], [...(urlReaders.get(reads[0]) ?? []), view.lovCode])
    }
    return { needs, urlReaders }
  }
  const watch = cacheWatchOf(db)
  if (!watch) return read()
  let cache = lovFactCaches.get(db)
  if (!cache) lovFactCaches.set(db, (cache = readCache(watch, 10_000)))
  return cache.get(String(tenantId), read)
}

/** Whether a role with this grant may use the Lov `code` (see the file's comment). */
export function mayUseLov(grant: Grant, facts: LovFacts, code: string): boolean {
  if (grant.allLovs || grant.lovCodes.has(code)) return true
  const needs = facts.needs.get(code)
  // Not a Lov view: a value set (every user reads them, lovs/value) or no list at all (the handler's 404).
  if (needs === undefined) return true
  return needs.length > 0 && needs.every((key) => grant.routes.has(key))
}

/** Whether a role with this grant may read the route `key` because a Lov it may use lists through it. */
export function readByLov(grant: Grant, facts: LovFacts, key: string): boolean {
  return facts.urlReaders.get(key)?.some((code) => grant.allLovs || grant.lovCodes.has(code)) ?? false
}

/** The advice of a refused read: which screens' menus would grant it. */
const screenList = (screens: Set<string> | undefined) =>
  screens?.size
    ? `the menu of a screen that reads it: ${[...screens].sort().slice(0, 5).join(', ')}${screens.size > 5 ? ` (and ${screens.size - 5} more)` : ''}`
    : 'a screen that reads it (no page of this installation does)'

/** The read guard of every read route of /api (see the file's comment). */
export function readGuards(
  pages: Array<Pick<ServedPage, 'route' | 'source' | 'permissions'>>,
  models: readonly ModelSchema[] = [],
): FastifyPluginAsync {
  return shared({ name: 'read-guards', dependencies: ['auth', 'route-table'] }, async (app) => {
    let index: ReadIndex | undefined
    /** The version of the page files the index was worked out from (live-pages.ts changes `pages` in place). */
    let indexed = -1
    /** The grant of each cached answer of roleGrantsOf (a role's level does not change). */
    let grantsOfHeld = new WeakMap<object, Grant>()
    const indexOf = () => {
      const version = app.livePages?.version ?? 0
      if (version !== indexed) {
        index = undefined
        grantsOfHeld = new WeakMap()
        indexed = version
      }
      return (index ??= readIndex(pages, app.routeTable, models))
    }

    const guard = (key: string, lovParam: string | undefined, routeCodes: string[]) =>
      async function readGuard(request: FastifyRequest) {
        const session = request.session
        if (!session || request.routeOptions.config.public) return
        if (request.headers[INNER_READ_HEADER] === INNER_READ_SECRET) return
        // One cached read per request; the grant of what the role holds is worked out once per change.
        const held = await roleGrantsOf(request.server.db, session.roleId)
        const current = indexOf()
        let grant = grantsOfHeld.get(held)
        if (!grant) {
          grant = current.grantOf({ ...held, siteLevel: session.roleLevel === 'site' })
          grantsOfHeld.set(held, grant)
        }
        if (lovParam) {
          const code =
            (request.query as Record<string, unknown> | undefined)?.[lovParam] ??
            (request.body as Record<string, unknown> | undefined)?.[lovParam]
          // Without a code the handler answers 400 saying which parameter is missing.
          if (typeof code !== 'string' || grant.allLovs || grant.lovCodes.has(code)) return
          const facts = await lovFactsOf(request.server.db, session.tenantId, indexOf())
          if (mayUseLov(grant, facts, code)) return
          throw forbidden(
            `No permission to read the value list ${code.slice(0, 120)}: ask your administrator for ${screenList(indexOf().lovReaders.get(code))}.`,
          )
        }
        if (grant.routes.has(key) || routeCodes.some((code) => grant.codes.has(code))) return
        // The list a Lov view of the role's screens reads (a picker calls it itself).
        if (readByLov(grant, await lovFactsOf(request.server.db, session.tenantId, indexOf()), key)) return
        // A read that declares its own code is granted by it: name the code, as its code guard would.
        if (routeCodes.length) throw noPermission(routeCodes[0]!)
        throw forbidden(
          `No permission to read ${key}: ask your administrator for ${screenList(indexOf().readers.get(key))}.`,
        )
      }

    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method))
      const method = methods.find((m) => isRead(m, route.url))
      if (!method || route.config?.public) return
      const key = `${method} ${route.url}`
      const everyUser = EVERY_USER_READS[key]
      const lovParam = LOV_ROUTES[key]
      const readGuard: ReadGuard = everyUser
        ? { kind: 'every-user', reason: everyUser }
        : lovParam
          ? { kind: 'lov', param: lovParam }
          : { kind: 'screens' }
      route.config = { ...route.config, readGuard }
      if (readGuard.kind === 'every-user') return
      // After the route's permission-code guards (plugins/permissions.ts), so a read that checks a code answers
      // 403 naming the code; both run before validation.
      const hooks = [route.preValidation].flat().filter(Boolean)
      route.preValidation = [
        ...hooks,
        guard(key, lovParam, guardCodesOf(route)),
      ] as RouteOptions['preValidation']
    })
  })
}
