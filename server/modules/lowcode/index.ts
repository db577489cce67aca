import type { FastifyPluginAsync } from 'fastify'
import {
  MENU_CHANGED_FRAME_KEY,
  PAGE_CHANGED_FRAME_KEY,
  type MenuChanged,
  type PageSchemaChanged,
} from '../../../renderer/contract/hmsg.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { formatIssue, type SchemaIssue } from '../../../renderer/schema/issue.ts'
import { registerPermissionCodes } from '../../bootstrap.ts'
import { shared } from '../../plugins/shared.ts'
import { fileLookups } from '../../seed/reference-data.ts'
import { LivePages, type PageChange } from './live-pages.ts'
import type { ServedPage } from './load-pages.ts'
import { applyPageMenu, removePageMenu, type MenuOutcome } from './page-menu.ts'
import { pageSchemaRoutes } from './routes-pages.ts'
import { pageCheckRoutes } from './routes-page-check.ts'
import { modelFieldRoutes } from './routes-model-field.ts'
import { pageDesignerRoutes } from './routes-page-designer.ts'
import { watchFiles, type FileWatch } from './watch-files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The page files served now (live-pages.ts). `app.livePages.reloadPageFile(path)` applies one changed file
     * at once (what the watcher does), e.g. after a designer saved it.
     */
    livePages: LivePages
  }
}

/**
 * The low-code runtime's own API: the page files, served to the browser (see server/README.md "Page schemas at
 * run time" and "Live files"). Problems are logged once per issue with file, line and pointer. With
 * `config.liveSchemas` the pages directory is watched: a saved page takes effect at once (or is refused with
 * its problems), its menu entry and grants are applied, and every open browser is told over the notice socket.
 */
export function lowcodeModule(pages: ServedPage[], models: readonly ModelSchema[] = []): FastifyPluginAsync {
  // Shared, so `app.livePages` is on the app for other modules (a designer's save) and tests.
  return shared(async (app) => {
    const refs = {
      models: new Map(models.map((model) => [modelKey(model), model])),
      // this server's seed files (config.seedDataDir); live reference data keeps the set current
      lookupCodes: new Set(Object.keys(fileLookups(app.config.seedDataDir))),
    }
    const live = new LivePages(pages, refs, app.config.pagesDir)
    app.decorate('livePages', live)
    const logIssues = (issues: readonly SchemaIssue[], what: string) => {
      for (const issue of issues) {
        const entry = { file: issue.file, line: issue.line, column: issue.column, pointer: issue.pointer }
        if (issue.severity === 'error') app.log.error(entry, `${what}: ${formatIssue(issue)}`)
        else app.log.warn(entry, formatIssue(issue))
      }
    }
    for (const page of pages) logIssues(page.issues, 'bad page (served with its error panel)')

    // Menu entries and grants of the files, and the codes they declare, one file at a time in order; the open
    // browsers fetch their menu again when an entry came, changed or went (src/routes/menu-refresh.ts).
    let applying = Promise.resolve()
    const reportMenu = (outcome: MenuOutcome) => {
      if (outcome.action === 'refused' || outcome.action === 'kept')
        app.log.warn(
          { file: outcome.file, menuId: outcome.menuId },
          `page menu ${outcome.action}: ${outcome.reason}`,
        )
      else if (outcome.action !== 'none' && outcome.action !== 'unchanged')
        app.log.info({ file: outcome.file, menuId: outcome.menuId }, `page menu ${outcome.action}`)
      if (outcome.action === 'created' || outcome.action === 'updated' || outcome.action === 'removed') {
        const message: MenuChanged = { type: 'menu-changed', file: outcome.file, action: outcome.action }
        app.noticeSockets?.broadcast(
          JSON.stringify({ key: MENU_CHANGED_FRAME_KEY, type: 'S', message: JSON.stringify(message) }),
        )
      }
    }
    /** The code a role needs to read the page's list: its data source model's query code (page-menu.ts). */
    const readCodesOf = (page: ServedPage) => {
      const model = (page.data as { dataSource?: { model?: unknown } } | undefined)?.dataSource?.model
      const query = typeof model === 'string' ? refs.models.get(model)?.permissions?.query : undefined
      return query ? [query] : []
    }
    const applyToDatabase = (page: ServedPage) => {
      applying = applying.then(async () => {
        try {
          await registerPermissionCodes(app.db, [], [page])
          reportMenu(await applyPageMenu(app.db, page.file, page.data, readCodesOf(page)))
        } catch (error) {
          app.log.error({ file: page.file, err: error }, 'page menu not applied')
        }
      })
      live.database = applying
      return applying
    }
    /** A removed page file's entry goes too (unless an administrator changed it: page-menu.ts). */
    const removeFromDatabase = (file: string) => {
      applying = applying.then(async () => {
        try {
          reportMenu(await removePageMenu(app.db, file))
        } catch (error) {
          app.log.error({ file, err: error }, 'page menu not removed')
        }
      })
      live.database = applying
      return applying
    }
    const declaresMenu = (page: ServedPage) => {
      const data = page.data as { menu?: unknown; grants?: unknown } | undefined
      return !!(data?.menu || data?.grants)
    }
    app.addHook('onReady', async () => {
      for (const page of pages)
        if (declaresMenu(page) && !page.issues.some((i) => i.severity === 'error')) void applyToDatabase(page)
      await applying
    })

    live.onChange((change: PageChange) => {
      const page = live.byFile(change.file)
      if (change.outcome === 'rejected')
        logIssues(change.issues, 'page change refused (the last good version is still served)')
      else if (change.issues.length) logIssues(change.issues, 'bad page (served with its error panel)')
      else
        app.log.info(
          { file: change.file, route: change.route, version: change.version },
          `page ${change.outcome}`,
        )
      const announce = () => {
        const message: PageSchemaChanged = {
          type: 'page-schema-changed',
          file: change.file,
          route: change.route,
          ...(change.previousRoute !== undefined ? { previousRoute: change.previousRoute } : {}),
          version: change.version,
          outcome: change.outcome === 'unchanged' ? 'applied' : change.outcome,
          errors: change.issues.length,
        }
        app.noticeSockets?.broadcast(
          JSON.stringify({ key: PAGE_CHANGED_FRAME_KEY, type: 'S', message: JSON.stringify(message) }),
        )
      }
      // Its permission codes and menu entry are in the database before the browsers hear of the page.
      if (change.outcome === 'applied' && page && !change.issues.length)
        live.database = applying = applyToDatabase(page).then(announce)
      else if (change.outcome === 'removed')
        live.database = applying = removeFromDatabase(change.file).then(announce)
      else live.database = applying = applying.then(announce)
    })

    let watch: FileWatch | undefined
    if (app.config.liveSchemas) {
      app.addHook('onReady', async () => {
        try {
          watch = watchFiles(
            app.config.pagesDir,
            (name) => name.endsWith('.page.json'),
            (paths) => {
              if (paths.includes(undefined)) live.rescan()
              else for (const path of paths) live.reloadPageFile(path as string)
            },
          )
          live.watching = true
          app.log.info({ dir: app.config.pagesDir }, 'live page files: watching')
        } catch (error) {
          app.log.error(
            { dir: app.config.pagesDir, err: error },
            'live page files: cannot watch the pages directory',
          )
        }
      })
      app.addHook('onClose', async () => {
        watch?.close()
        await applying
      })
    }

    await app.register(pageSchemaRoutes(live, models))
    await app.register(pageCheckRoutes(live, models))
    await app.register(pageDesignerRoutes(models))
    await app.register(modelFieldRoutes())
  })
}
