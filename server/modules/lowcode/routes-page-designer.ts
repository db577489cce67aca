/**
 * The page designer's file access (issue 22, widgets/page-designer):
 *   GET /api/hpfm/v1/page-designer/file?route=/wmdm/warehouse
 *     → {file, route, source, version, writable, writableReason?, model?}: the page file's text as it is on
 *       disk now (not as read at start), its version (sha-256 of the text), whether this server writes page
 *       files, and the page's model (dataSource.model) for "add a field from the model".
 *   PUT /api/hpfm/v1/page-designer/file {route, source, version}
 *     → {file, route, version}: replaces the file that declares `route` with `source`, after the one page check
 *       (check-page-files.ts, every stage, against this server's models, value sets, Lov views, permission
 *       codes and the other page files). A bad text is a 400 naming file, line, pointer, problem and fix;
 *       nothing is written. A file changed on disk since `version` is a 409 (reload, apply again); a server
 *       whose page folder is not writable answers 409 saying so, and the designer offers the file to download.
 * The file is found by route, never by a path from the client. Both routes need the designer's code.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { routeCollisionIssues } from '../../../renderer/schema/check-page-files.ts'
import { formatIssue } from '../../../renderer/schema/issue.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { serverPageCheck } from './routes-page-check.ts'
import { findPageFiles, pageFilePath, shownPath } from './load-pages.ts'

/** The designer's code (server/seed/data/permissions.json; granted to the administrators). */
export const PAGE_DESIGNER_PERMISSION = 'hpfm.page-designer.save'

const RouteQuery = Type.Object(
  { route: Type.String({ pattern: '^/', maxLength: 240 }) },
  { additionalProperties: false },
)
const SaveBody = Type.Object(
  {
    route: Type.String({ pattern: '^/', maxLength: 240 }),
    source: Type.String({ minLength: 2, maxLength: 900_000 }),
    version: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'The version GET answered: a file changed on disk since is not overwritten.',
    }),
    file: Type.Optional(
      Type.String({
        pattern: '\\.page\\.json$',
        maxLength: 400,
        description:
          'The file GET answered (relative to the pages directory, or to the working directory when that holds it): when given, it must be the file that declares the route.',
      }),
    ),
  },
  { additionalProperties: false },
)

const versionOf = (text: string) => createHash('sha256').update(text).digest('hex')
const routeInText = (source: string) => /"route"\s*:\s*"([^"\\]+)"/.exec(source)?.[1] ?? ''

interface PageFile {
  /** Absolute (or as configured) path on disk. */
  path: string
  /** As messages and the wire name it (load-pages.ts shownPath): never a path of the server's disk. */
  file: string
  route: string
  source: string
}

/** Every page file of the folder as it is on disk now (the designer must never save over a stale read). */
function readPageFiles(dir: string): PageFile[] {
  return findPageFiles(dir).map((path) => {
    const source = readFileSync(path, 'utf8')
    return { path, file: shownPath(path, dir), route: routeInText(source), source }
  })
}

function pageOfRoute(files: PageFile[], route: string): PageFile {
  const matches = files.filter((f) => f.route === route)
  if (!matches.length)
    throw notFound(
      `No page file declares the route ${route}: open the designer from a page that has one (or add the file first).`,
    )
  if (matches.length > 1)
    throw conflict(
      'error.page_designer.route_twice',
      `The route ${route} is declared by ${matches.map((m) => m.file).join(' and ')}: give each page its own route before designing it.`,
    )
  return matches[0]!
}

/** Why this server does not write the designer's files (page or model files), or undefined when it does. */
export function notWritable(writes: boolean, dir: string, what = 'page files'): string | undefined {
  if (!writes)
    return `This server does not write ${what} (PAGE_DESIGNER_WRITES is off): download the file and commit it under ${dir}.`
  return undefined
}

/**
 * Page and model files are the installation's, shared by every tenant: a tenant administrator holds the
 * designer's code (through `*`) but must not change other tenants' screens, so only a site-level role saves them.
 */
export const siteOnly = async (request: FastifyRequest) => {
  if (sessionOf(request).roleLevel !== 'site')
    throw forbidden(
      "Page files are shared by every tenant of this installation, so only a site-level role (the platform administrator's) saves them: switch to that role, or download the file and give it to the platform administrator.",
    )
}

const FS_REFUSALS = new Set(['EACCES', 'EPERM', 'EROFS'])

export function pageDesignerRoutes(models: readonly ModelSchema[]): TypedPlugin {
  const byKey = new Map(models.map((model) => [modelKey(model), model]))
  return async (app) => {
    const check = serverPageCheck(models, () => app.livePages.refs.lookupCodes)
    const dir = app.config.pagesDir
    const guard = requirePermission(PAGE_DESIGNER_PERMISSION)

    app.get(
      '/api/hpfm/v1/page-designer/file',
      { schema: { querystring: RouteQuery }, preHandler: guard },
      async (request) => {
        const { route } = request.query
        const page = pageOfRoute(readPageFiles(dir), route)
        const reason = notWritable(app.config.pageDesignerWrites, dir)
        const modelName = /"model"\s*:\s*"([^"\\]+)"/.exec(page.source)?.[1]
        // The model in service now (a field added from the designer counts), else as the app was built.
        const model = modelName ? (app.liveModels?.byKey(modelName) ?? byKey.get(modelName)) : undefined
        return {
          file: page.file,
          route,
          source: page.source,
          version: versionOf(page.source),
          writable: !reason,
          ...(reason ? { writableReason: reason } : {}),
          ...(model ? { model: { key: modelName, fields: model.fields } } : {}),
        }
      },
    )

    app.put(
      '/api/hpfm/v1/page-designer/file',
      { schema: { body: SaveBody }, preHandler: [guard, siteOnly] },
      async (request) => {
        const session = sessionOf(request)
        const { route, source, version, file } = request.body
        const files = readPageFiles(dir)
        const page = pageOfRoute(files, route)
        if (file !== undefined) {
          // A name from the client is resolved inside the pages directory, never followed out of it.
          const path = pageFilePath(file, dir)
          if (!path)
            throw badRequest(
              `file '${file}' lies outside the pages directory: send the file name GET answered (${page.file}).`,
              { file: 'outside the pages directory' },
            )
          if (resolve(path) !== resolve(page.path))
            throw badRequest(
              `file '${file}' is not the file that declares ${route} (${page.file}): reload the designer and apply your change again.`,
              { file: `not the file of ${route}` },
            )
        }
        const checked = await check(app.db, session.tenantId, page.file, source)
        const errors = [
          ...checked.issues,
          ...routeCollisionIssues(
            checked,
            files.filter((f) => f.path !== page.path),
          ),
        ].filter((issue) => issue.severity === 'error')
        if (errors.length) {
          const fields = Object.fromEntries(errors.map((e) => [e.pointer || '/', formatIssue(e)]))
          const more =
            errors.length > 1 ? ` (and ${errors.length - 1} more problem(s), listed by pointer)` : ''
          throw badRequest(
            `Fix the page before saving: ${formatIssue(errors[0]!)}${more}. Nothing was written.`,
            fields,
          )
        }
        if (checked.route !== route)
          throw badRequest(
            `Keep the route ${route} in ${page.file} (the text declares '${checked.route}'): move a page to another route in its file, not in the designer.`,
          )
        if (versionOf(page.source) !== version)
          throw conflict(
            'error.page_designer.changed',
            `${page.file} changed on disk since you opened it: reload the designer and apply your change again (nothing was written).`,
          )
        const reason = notWritable(app.config.pageDesignerWrites, dir)
        if (reason) throw conflict('error.page_designer.read_only', reason)
        await writeAtomically(page.path, source, dir)
        // With live files on, the watcher applies the file and tells the browsers; without, serve it at once.
        if (!app.config.liveSchemas) app.livePages.reloadPageFile(page.path)
        return { file: page.file, route, version: versionOf(source) }
      },
    )
  }
}

/** Writes beside the file, then renames over it: a reader (the live reload) never sees half a file. */
export async function writeAtomically(
  path: string,
  source: string,
  dir: string,
  folder = 'pages folder',
): Promise<void> {
  const temporary = join(dirname(path), `.${randomUUID()}.designer.tmp`)
  try {
    await writeFile(temporary, source, { flag: 'wx' })
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (FS_REFUSALS.has(code))
      throw new AppError(
        409,
        'error.page_designer.read_only',
        `The ${folder} ${dir} is not writable on this server (${code}): download the file and commit it there instead.`,
      )
    throw error
  }
}
