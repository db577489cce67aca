/**
 * Data-set SQL, run safely: one SELECT or WITH statement, no writing or session keywords, no system catalogs or
 * credentials; `:name` parameters become bound values (never text in the SQL) and `:tenantId` is always the
 * caller's tenant. It runs in a READ ONLY transaction with a statement timeout, and at most maxRows + 1 rows
 * are read (the extra one only says "there is more").
 */
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'

export interface SqlPiece {
  text: string
  param?: string
}

const FORBIDDEN =
  /\b(insert|update|delete|merge|drop|alter|create|truncate|grant|revoke|copy|call|do|vacuum|analyze|lock|set|reset|listen|notify|unlisten|prepare|execute|deallocate|discard|load|security|refresh|comment|cluster|reindex|checkpoint|into)\b/i
const PRIVATE = /\b(pg_\w+|information_schema|password\w*|\w*token\w*|signing_key\w*|dblink\w*|lo_\w+)\b/i

/** The SQL split at its :parameters, with string literals, quoted names and comments kept out of the scan. */
export function splitSql(text: string): { pieces: SqlPiece[]; code: string } {
  const pieces: SqlPiece[] = []
  let current = ''
  let code = '' // the SQL without literals and comments, for the keyword checks
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    const next = text[i + 1]
    if (c === "'" || c === '"') {
      let j = i + 1
      while (j < text.length) {
        if (text[j] === c && text[j + 1] === c) j += 2
        else if (text[j] === c) break
        else j++
      }
      if (j >= text.length)
        throw badRequest(`The SQL has an unclosed ${c === "'" ? 'string' : 'quoted name'}: close it.`)
      current += text.slice(i, j + 1)
      code += c === '"' ? text.slice(i, j + 1) : " '' "
      i = j + 1
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end
      current += ' '
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      if (end < 0) throw badRequest('The SQL has an unclosed /* comment: close it.')
      i = end + 2
      current += ' '
    } else if (c === ':' && next === ':') {
      current += '::'
      code += '::'
      i += 2
    } else if (c === ':' && next !== undefined && /[A-Za-z]/.test(next)) {
      const name = /^[A-Za-z][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0] ?? ''
      pieces.push({ text: current, param: name })
      current = ''
      code += ' ? '
      i += 1 + name.length
    } else if (c === '$' && next !== undefined && /\d/.test(next)) {
      throw badRequest('Write parameters as :name, not $1: the server binds them.')
    } else {
      current += c
      code += c
      i++
    }
  }
  pieces.push({ text: current })
  return { pieces, code }
}

/** 400 unless the SQL is one read-only SELECT/WITH using :tenantId. Answers its parameter names. */
export function checkDataSetSql(text: string): string[] {
  const { pieces, code } = splitSql(text)
  const body = code.trim().replace(/;\s*$/, '')
  if (!/^(select|with)\b/i.test(body.replace(/^\(+\s*/, '')))
    throw badRequest(
      'A data set must be a SELECT (or WITH … SELECT) statement: reading only. Start the SQL with SELECT or WITH.',
      {
        sqlText: 'Start the SQL with SELECT or WITH.',
      },
    )
  if (body.includes(';'))
    throw badRequest('A data set is one statement: remove the ";" in the middle.', {
      sqlText: 'One statement only.',
    })
  const word = FORBIDDEN.exec(body)
  if (word)
    throw badRequest(`'${word[1]}' is not allowed in a data set: it only reads. Remove it.`, {
      sqlText: `Remove '${word[1]}'.`,
    })
  const hidden = PRIVATE.exec(body)
  if (hidden)
    throw badRequest(
      `'${hidden[1]}' is not reachable from a data set (system catalogs and credentials are private): remove it and read the application's tables.`,
      { sqlText: `Remove '${hidden[1]}'.` },
    )
  const names = [...new Set(pieces.map((p) => p.param).filter((p): p is string => !!p))]
  if (!names.includes('tenantId'))
    throw badRequest('A data set must be limited to the tenant: add "where tenant_id = :tenantId".', {
      sqlText: 'Use :tenantId.',
    })
  return names
}

export interface RunOptions {
  maxRows: number
  timeoutSeconds: number
  tenantId: number
  values: Record<string, unknown>
}

export interface SqlResult {
  columns: string[]
  rows: Array<Record<string, unknown>>
  truncated: boolean
}

export async function runReadOnly(db: Db, text: string, options: RunOptions): Promise<SqlResult> {
  checkDataSetSql(text)
  const { pieces } = splitSql(text.trim().replace(/;\s*$/, ''))
  const parts: RawBuilder<unknown>[] = []
  for (const piece of pieces) {
    parts.push(sql.raw(piece.text))
    if (!piece.param) continue
    const value = piece.param === 'tenantId' ? options.tenantId : options.values[piece.param]
    if (value === undefined)
      throw badRequest(
        `Parameter :${piece.param} has no value: define it on the data set and give it a value.`,
      )
    parts.push(sql`${value}`)
  }
  const inner = sql.join(parts, sql.raw(''))
  const limit = Math.max(1, Math.min(options.maxRows, 10000))
  const timeout = Math.max(1, Math.min(options.timeoutSeconds, 60)) * 1000
  try {
    const rows = await db.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx)
      await sql.raw(`set local statement_timeout = ${timeout}`).execute(trx)
      const result = await sql<
        Record<string, unknown>
      >`select * from (${inner}) as data_set limit ${limit + 1}`.execute(trx)
      return result.rows
    })
    const truncated = rows.length > limit
    const kept = truncated ? rows.slice(0, limit) : rows
    return { columns: Object.keys(kept[0] ?? {}), rows: kept, truncated }
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error
    const message = (error as Error).message
    throw badRequest(`The data set's SQL failed: ${message}. Fix the SQL or the parameters.`, {
      sqlText: message,
    })
  }
}
