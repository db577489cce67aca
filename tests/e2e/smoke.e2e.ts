/**
 * Opens every screen of schemas/routes.tsv that has a page file, and every page file's route it does not list, inside one running app (in-app navigation, as a
 * menu click does), each as the least-privileged seeded role whose own menu shows it (reads are guarded by the
 * role's menus, server/plugins/read-guards.ts): the dealer's as `jxs`, the clerk's as `clerk`, the tenant
 * administrator's as `manager` (tenant 2; detail screens with params as `admin`'s tenant-administrator role of
 * tenant 1, whose seed rows SAMPLE_PARAMS name), the platform administrator's as `admin` with the site role. It
 * fails on an error panel (a 403 too), an empty page, a failed request or a console error, or a serious or
 * critical accessibility violation (axe-core on the shown page, tests/e2e/axe.ts).
 * `SMOKE_MODULES=hiam,hpfm` limits it to some modules, `SMOKE_PATHS=/winv/stock,/ets` to some paths (for working on them).
 *
 * The shell's error pages and the pages without sign-in (/exception/…, /404, /public/…) get the same axe check
 * below; their behaviour has its own tests. Routes with `{params}` are opened with the sample values of SAMPLE_PARAMS (ids of the seed), or `1`.
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { pageRoutes, readSpecRoutes } from '../../scripts/lib/route-coverage'
import { readSeedSet } from '../../server/seed/seed-files'
import { matchPattern } from '../../src/routes/route-pattern'
import { accessToken, launch, openSession, signIn, watchProblems, type Session } from './browser'
import { axeViolations } from './axe'

/** Modules whose screens are not page files (the shell's own pages). */
const SHELL_MODULES = new Set(['shell', 'exception', 'public', 'module'])

/** Param values that name seeded rows; anything else is opened with 1. */
const SAMPLE_PARAMS: Record<string, string> = {
  // hmsg: the seeded published notice and its message to admin (server/seed/messages-demo.ts)
  noticeId: '1000',
  userMessageId: '1000',
  type: 'NOTICE',
  // hitf purchase lists: SET (a charge set's purchases) or GROUP
  typeCode: 'SET',
  // import pages open with a template code; the seeded menus fill it with this one
  code: 'WMDM.WAREHOUSE',
  // hiam: the seed's warehouse-clerk role and user of tenant 1, a code the clerk holds
  roleId: '4',
  userId: '3',
  permissionId: 'wmdm.warehouse.button.create',
  templatePath: 'LOGIN',
}

const root = resolve(import.meta.dirname, '../..')
const only = process.env.SMOKE_MODULES?.split(',').filter(Boolean)
const onlyPaths = process.env.SMOKE_PATHS?.split(',').filter(Boolean)
const pages = pageRoutes(root)
/** The spec's routes, then every page file's route the spec does not list (the product's own screens). */
const spec = readSpecRoutes(root)
const listed = new Set(spec.map((route) => route.path))
const productRoutes = [...pages]
  .filter((path) => !listed.has(path))
  .sort()
  .map((path) => ({ module: path.split('/')[1] ?? '', path }))
const routes = [...spec, ...productRoutes].filter(
  (route) =>
    !SHELL_MODULES.has(route.module) &&
    (!only || only.includes(route.module)) &&
    (!onlyPaths || onlyPaths.some((prefix) => route.path.startsWith(prefix))) &&
    pages.has(route.path) &&
    !route.path.startsWith('/public/'),
)

/** The menu entry of a screen: the one on its route or on the longest path it lies under. */
const menus =
  readSeedSet<Array<{ route?: string; roles: string[] }>>(resolve(root, 'server/seed/data'), 'menus') ?? []
const entryOf = (path: string) =>
  menus
    .filter((menu) => menu.route && (path === menu.route || path.startsWith(`${menu.route}/`)))
    .sort((a, b) => b.route!.length - a.route!.length)[0]

/** Who opens the screens: seeded users, the least privileged first. */
type Opener = 'jxs' | 'clerk' | 'manager' | 'admin' | 'site'
const OPENERS: Array<{ opener: Opener; role: string; login: string; password: string }> = [
  { opener: 'jxs', role: 'jxs', login: 'jxs', password: 'Jxs@12345' },
  { opener: 'clerk', role: 'wh-clerk', login: 'clerk', password: 'Clerk@123' },
  { opener: 'manager', role: 'tenant-admin', login: 'manager', password: 'Manager@123' },
]
/**
 * The least-privileged seeded role whose menu shows `path` (a concrete path). Screens of the tenant
 * administrator with params open as `admin` (tenant 1, whose seed rows SAMPLE_PARAMS name); screens no menu
 * shows open as the tenant administrator too.
 */
function openerOf(pattern: string, path: string): Opener {
  const roles = entryOf(path)?.roles ?? ['tenant-admin']
  const least = OPENERS.find(({ role }) => roles.includes(role))
  if (least && least.opener !== 'manager') return least.opener
  if (!least && roles.includes('site-admin')) return 'site'
  return pattern.includes('{') ? 'admin' : 'manager'
}

/** A route with params opens as a menu entry that fills them when there is one (that is how users reach it). */
const concrete = (pattern: string) =>
  menus.map((menu) => menu.route).find((route) => route && matchPattern(pattern, route)) ??
  pattern.replace(/\{([^}/]+)\}/g, (_, name: string) => encodeURIComponent(SAMPLE_PARAMS[name] ?? '1'))

let browser: Browser
let session: Session
const entryViolations: string[] = []
beforeAll(async () => {
  browser = await launch()
  session = await openSession(browser, 'en-US')
  const { page } = session
  // the sign-in page and the shell are checked on the way in (a second sign-in would end this session)
  await page.goto('/')
  await page.waitForURL(/\/api\/oauth\/oauth\/authorize/)
  await page.locator('input[name="username"]').waitFor()
  entryViolations.push(...(await axeViolations(page)).map((line) => `sign-in: ${line}`))
  await signIn(page, 'admin', 'Admin@123')
  await page.waitForURL('**/workplace')
  await page.locator('[data-page-key="/workplace"]').waitFor()
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 })
  entryViolations.push(...(await axeViolations(page)).map((line) => `shell: ${line}`))
}, 90_000)
afterAll(async () => {
  await browser?.close()
})

/** Navigates inside the running app, the way a menu click does (no reload). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
}

describe('accessibility of the sign-in page and the shell', () => {
  it('has no serious or critical axe violation on the sign-in page, nor in the shell around the workplace', () => {
    expect(entryViolations).toEqual([])
  })
})

/** The shell's own screens (not page files): the error pages inside the shell for a signed-in user. */
const SIGNED_IN_STATUS = ['/404', '/exception/403', '/exception/404', '/exception/500', '/exception/501']
/** Screens without sign-in: the error pages, the session pages and the public queries. */
const SIGNED_OUT = [
  '/exception/403',
  '/exception/404',
  '/exception/500',
  '/exception/501',
  '/public/unauthorized',
  '/public/kickoff',
  '/public/self-error',
  '/public/winv/stockQuery',
  '/public/express',
]

/** Waits until `page` shows text and nothing loads, then runs axe on the whole document. */
async function settledViolations(page: Page, path: string): Promise<string[]> {
  const settled = async () =>
    !(await page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count()) &&
    (await page.locator('#root').innerText()).trim().length > 1
  const ok = await expect
    .poll(settled, { timeout: 20_000, interval: 200 })
    .toBe(true)
    .then(() => true)
    .catch(() => false)
  if (!ok) return [`${path}: not settled (empty or loading) after 20 s`]
  return (await axeViolations(page)).map((line) => `${path}: ${line}`)
}

describe('accessibility of the status and public pages', () => {
  it(`has no serious or critical axe violation on ${SIGNED_IN_STATUS.length} error pages in the shell`, async () => {
    const { page, problems } = session
    const failures: string[] = []
    for (const path of SIGNED_IN_STATUS) {
      const before = problems.length
      await openInApp(page, path)
      await page.locator('.ant-result:visible').first().waitFor()
      failures.push(...(await settledViolations(page, path)))
      for (const problem of problems.slice(before)) failures.push(`${path}: ${problem}`)
    }
    expect(failures).toEqual([])
  }, 120_000)

  it(`has no serious or critical axe violation on ${SIGNED_OUT.length} pages opened without signing in`, async () => {
    const { page, problems, context } = await openSession(browser)
    const failures: string[] = []
    for (const path of SIGNED_OUT) {
      const before = problems.length
      await page.goto(path)
      await page.waitForURL((url) => url.pathname === path)
      failures.push(...(await settledViolations(page, path)))
      for (const problem of problems.slice(before)) failures.push(`${path}: ${problem}`)
    }
    // the stock query with an answer on screen (its cards and table), and with an error message
    await page.goto('/public/winv/stockQuery')
    await page.getByRole('textbox', { name: '输入物料编码或条码' }).fill('6900000000001') // a visitor's language: zh_CN
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await page.locator('.ant-card', { hasText: 'SKU00001' }).waitFor()
    failures.push(...(await settledViolations(page, '/public/winv/stockQuery (answer)')))
    expect(failures).toEqual([])
    await context.close()
  }, 180_000)
})

/**
 * Screens are opened in LANES pages of the one signed-in context at once (same session, same token): a screen
 * mostly waits (its requests, the batched permission check, axe's settling), so lanes overlap the waits.
 * `SMOKE_LANES=1` opens them one by one.
 */
const LANES = Math.max(1, Number(process.env.SMOKE_LANES ?? 3))

/** Opens `path` in `page` and returns what is wrong with it (nothing: []). */
async function checkScreen(page: Page, problems: string[], path: string): Promise<string[]> {
  const failures: string[] = []
  const before = problems.length
  await openInApp(page, path)
  const area = page.getByTestId('page-area')
  // The page is on screen once its kept container (data-page-key = the tab's path) is visible, or the shell
  // shows a status page instead; then it has settled when nothing is loading and it shows some text.
  const shown = area.locator(`[data-page-key="${path}"]:visible, .ant-result:visible`)
  const settled = async () => {
    if (!(await shown.count())) return 'not shown'
    if (await area.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count()) return 'loading'
    return (await shown.first().innerText()).trim().length > 1 ? 'settled' : 'empty'
  }
  const state = await expect
    .poll(settled, { timeout: 20_000, interval: 200 })
    .toBe('settled')
    .then(() => 'settled')
    .catch(() => settled())
  if (state !== 'settled')
    failures.push(`${path}: ${state === 'empty' ? 'empty page' : `${state} after 20 s`}`)
  const alerts = await area
    .locator(
      '[data-error-panel]:visible, .ant-result-403:visible, .ant-result-404:visible, .ant-result-500:visible',
    )
    .allInnerTexts()
  if (alerts.length) failures.push(`${path}: error panel: ${alerts.join(' | ').slice(0, 300)}`)
  if (state === 'settled') {
    // the shown page only: the kept (hidden) pages of the area would double the cost and were checked already
    for (const line of await axeViolations(page, `[data-page-key="${path}"]`))
      failures.push(`${path}: ${line}`)
  }
  for (const problem of problems.slice(before)) failures.push(`${path}: ${problem}`)
  return failures
}

describe('every screen opens clean for a role whose menu shows it', () => {
  it.skipIf(!routes.length)(
    `opens ${routes.length} screens`,
    async () => {
      /** Opens `list` in LANES pages of `context` (signed in), each lane first at `home`. */
      const openAll = async (
        context: BrowserContext,
        first: { page: Page; problems: string[] },
        home: string,
        list: string[],
      ) => {
        const lanes = [first]
        for (let i = 1; i < LANES && i < list.length; i++) {
          const page = await context.newPage()
          lanes.push({ page, problems: watchProblems(page) })
        }
        const results = await Promise.all(
          lanes.map(async ({ page, problems }, lane) => {
            // The shell is up (the home screen itself is checked in the list like any other).
            await page.goto(home)
            await page.getByTestId('page-area').waitFor()
            const failures: string[] = []
            for (const path of list.filter((_, i) => i % lanes.length === lane))
              failures.push(...(await checkScreen(page, problems, path)))
            return failures
          }),
        )
        return results.flat()
      }
      const screens = routes.map((r) => {
        const path = concrete(r.path)
        return { path, opener: openerOf(r.path, path) }
      })
      // `SMOKE_OPENERS=jxs,clerk` opens only the screens of some openers (for working on them).
      const openers = process.env.SMOKE_OPENERS?.split(',').filter(Boolean)
      const of = (opener: Opener) =>
        openers && !openers.includes(opener)
          ? []
          : screens.filter((s) => s.opener === opener).map((s) => s.path)
      const failures: string[] = []
      // The dealer, the clerk and the tenant administrator of tenant 2, each in a browser context of their own.
      for (const { opener, login, password } of OPENERS) {
        const list = of(opener)
        if (!list.length) continue
        const own = await openSession(browser, 'en-US')
        await signIn(own.page, login, password)
        await own.page.waitForURL((url) => !url.pathname.startsWith('/api/oauth') && url.pathname !== '/')
        const home = new URL(own.page.url()).pathname
        // A message detail opens the user's own message (the seed sends the notice to every member of tenant 1).
        const ownMessage = await own.page.evaluate(
          async (bearer) => {
            const response = await fetch('/api/hmsg/v1/messages/user?page=0&size=1', {
              headers: { authorization: `bearer ${bearer}` },
            })
            const body = (await response.json()) as { content?: Array<{ userMessageId?: number }> }
            return body.content?.[0]?.userMessageId
          },
          await accessToken(own.context),
        )
        const mine = list.map((path) =>
          ownMessage
            ? path.replace(/(\/hmsg\/user-message\/detail\/(?:[A-Z]+\/)?)1000$/, `$1${ownMessage}`)
            : path,
        )
        failures.push(...(await openAll(own.context, own, home, mine)).map((line) => `${login}: ${line}`))
        await own.context.close()
      }
      // admin: the tenant administrator's detail screens (tenant 1), then the platform administrator's screens.
      const { context } = session
      const first = { page: session.page, problems: session.problems }
      failures.push(
        ...(await openAll(context, first, '/workplace', of('admin'))).map((line) => `admin: ${line}`),
      )
      const token = await accessToken(context)
      const switchRole = (roleId: number) =>
        session.page.evaluate(
          async ({ bearer, roleId }) => {
            const response = await fetch(`/api/iam/v1/users/roles?roleId=${roleId}`, {
              method: 'PUT',
              headers: { authorization: `bearer ${bearer}` },
            })
            if (!response.ok) throw new Error(`role switch: HTTP ${response.status}`)
          },
          { bearer: token, roleId },
        )
      const tenantRole = await session.page.evaluate(async (bearer) => {
        const response = await fetch('/api/iam/hzero/v1/users/self', {
          headers: { authorization: `bearer ${bearer}` },
        })
        return ((await response.json()) as { currentRoleId: number }).currentRoleId
      }, token)
      await switchRole(1)
      try {
        failures.push(
          ...(await openAll(context, first, '/workplace', of('site'))).map((line) => `admin (site): ${line}`),
        )
      } finally {
        // A retry of this test opens the tenant administrator's screens again: in the role they belong to.
        await switchRole(tenantRole)
      }
      // the first line names the first problems (npm test's closing summary shows only an error's first line)
      expect(failures, `${failures.length} problems: ${failures.slice(0, 3).join(' | ')}`).toEqual([])
    },
    Math.max(60_000, routes.length * 20_000),
  )
})
