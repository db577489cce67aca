/**
 * Which values a Lov answers the caller, for checks on the server (data dimensions that follow a Lov view,
 * hpfm-admin/data-permission.ts). Read through the Lov's own query code, as the caller, so the Lov's data scope
 * holds: an SQL view runs with the session's placeholders ({tenantId}, granted warehouses…), a URL view's
 * endpoint is called in-process with the caller's token (its checks, its data scope, its enabled rows), a value
 * set (IDP view, or a code that is only a value set) answers its values in the tenant.
 *
 * Answers are kept for the request (a batch of rules naming one Lov reads it once): a URL view is read once,
 * every page, an SQL view once per value asked. A URL view calls a route, which needs the database: read
 * before any transaction (on PGlite the route would wait for the transaction that waits for it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from '../../errors.ts'
import { callQueryUrl } from './lov-data.ts'
import { lookupValues } from './lookups.ts'
import { sqlViewHas } from './lov-sql.ts'
import { findLovView } from './lov-views.ts'

export interface LovValueReader {
  lovCode: string
  /** How the Lov is read: SQL view, URL view, or value set (an IDP view or a bare value set code). */
  kind: 'SQL' | 'URL' | 'VALUE_SET'
  /** The subset of `values` the Lov answers the caller. */
  has(values: string[]): Promise<Set<string>>
}

/** Pages of a URL view read at most (1000 rows each): a Lov longer than that cannot be checked. */
const URL_PAGE_SIZE = 1000
const URL_MAX_PAGES = 20

const readers = new WeakMap<FastifyRequest, Map<string, Promise<LovValueReader | undefined>>>()

/** The reader of `lovCode` for this request (kept for the request), or undefined when no such Lov exists. */
export function lovValueReader(
  app: FastifyInstance,
  request: FastifyRequest,
  lovCode: string,
): Promise<LovValueReader | undefined> {
  let byCode = readers.get(request)
  if (!byCode) readers.set(request, (byCode = new Map()))
  let reader = byCode.get(lovCode)
  if (!reader) byCode.set(lovCode, (reader = openReader(app, request, lovCode)))
  return reader
}

async function openReader(
  app: FastifyInstance,
  request: FastifyRequest,
  lovCode: string,
): Promise<LovValueReader | undefined> {
  const session = request.session
  if (!session) return undefined
  const view = await findLovView(app.db, { lovCode }, session.tenantId)
  if (view?.lovTypeCode === 'SQL') {
    const known = new Map<string, boolean>()
    return {
      lovCode,
      kind: 'SQL',
      async has(values) {
        const unknown = [...new Set(values)].filter((value) => !known.has(value))
        if (unknown.length) {
          const found = await sqlViewHas(app.db, view, session, unknown, session.language)
          for (const value of unknown) known.set(value, found.has(value))
        }
        return new Set(values.filter((value) => known.get(value)))
      },
    }
  }
  if (view?.lovTypeCode === 'URL') {
    let all: Promise<Set<string>> | undefined
    return {
      lovCode,
      kind: 'URL',
      async has(values) {
        all ??= urlViewValues(app, request, view)
        const answered = await all
        return new Set(values.filter((value) => answered.has(value)))
      },
    }
  }
  const set = (await lookupValues(app.db, [lovCode], session.tenantId, session.language)).get(lovCode) ?? []
  if (!view && !set.length) return undefined
  const answered = new Set(set.map((item) => item.value))
  return {
    lovCode,
    kind: 'VALUE_SET',
    has: async (values) => new Set(values.filter((value) => answered.has(value))),
  }
}

/** Every value of the view's value field its endpoint answers the caller, page by page. */
async function urlViewValues(
  app: FastifyInstance,
  request: FastifyRequest,
  view: { lovCode: string; queryUrl: string | null; requestMethod: 'GET' | 'POST'; valueField: string },
): Promise<Set<string>> {
  const values = new Set<string>()
  for (let page = 0; ; page++) {
    const answer = await callQueryUrl(app, request, view, { page, size: URL_PAGE_SIZE })
    const body = parsed(answer.body)
    if (answer.statusCode !== 200 || !body || typeof body !== 'object') {
      const why = (body as { message?: string } | undefined)?.message ?? answer.body.slice(0, 200)
      throw badRequest(
        `Lov ${view.lovCode} could not be read to check the values (${answer.statusCode}: ${why}): check that the Lov's list works for you in its picker, or fix the Lov view at /hpfm/lov-view.`,
      )
    }
    const rows = Array.isArray(body) ? (body as Row[]) : ((body as { content?: Row[] }).content ?? [])
    for (const row of rows) {
      const value = row[view.valueField]
      if (value !== null && value !== undefined) values.add(String(value))
    }
    const total = Array.isArray(body)
      ? rows.length
      : Number((body as { totalElements?: number }).totalElements ?? rows.length)
    if (rows.length < URL_PAGE_SIZE || (page + 1) * URL_PAGE_SIZE >= total) return values
    if (page + 1 >= URL_MAX_PAGES)
      throw badRequest(
        `Lov ${view.lovCode} lists more than ${URL_MAX_PAGES * URL_PAGE_SIZE} rows, too many to check a value against: give the data dimension a smaller Lov or a value set at /hpfm/data-dimension-config.`,
      )
  }
}

type Row = Record<string, unknown>

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
