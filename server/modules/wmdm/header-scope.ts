/**
 * Data permissions of line models that carry no warehouse or owner of their own (an outbound line, a stock
 * adjustment line): a line is seen, changed and exported only when its header is — the header's `dataScope`
 * (warehouse, owner …) decides, through the line's parent field. Registered with `onRowScope`, so every list,
 * get, update, delete, aggregate, export and with-lines save of a restricted role applies it; a restricted user
 * creating or moving a line onto a header outside their grants is refused with 400 naming the field.
 */
import { sql, type RawBuilder } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { isDataUnrestricted, onRowScope, scopeConditions } from '../models/model-scope.ts'
import { snakeCase } from '../models/naming.ts'
import { onRowWrite } from '../models/write-guards.ts'

export interface LinesOfHeader {
  line: ModelSchema
  /** The line's field holding its header's id. */
  parentField: string
  header: ModelSchema
}

/** `array(select <header id> from <header table> where <the header's scope conditions for the session>)`. */
function visibleHeaderIds(header: ModelSchema, session: Session): RawBuilder<number[]> {
  // an expression column names the header's own columns unqualified: the subquery reads the header table only
  const conditions = scopeConditions(header, session).map(
    ([column, value]) =>
      sql`${typeof column === 'string' ? sql`h.${sql.ref(snakeCase(column))}` : column} = ${value}`,
  )
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`
  return sql<
    number[]
  >`array(select h.${sql.ref(snakeCase(header.primaryKey))} from ${sql.table(header.table)} h where ${where})`
}

const registered = new Set<string>()

export function registerHeaderScopes(pairs: LinesOfHeader[]): void {
  for (const { line, parentField, header } of pairs) {
    const key = `${line.service}/${line.entity}`
    if (registered.has(key)) continue
    registered.add(key)
    onRowScope(key, (session) => [[parentField, sql`any(${visibleHeaderIds(header, session)})`]])
    onRowWrite(key, async ({ db, session, op, values }) => {
      const id = values[parentField]
      if (op === 'delete' || isDataUnrestricted(session) || id === undefined || id === null || id === '')
        return
      const { rows } = await sql<{ one: number }>`select 1 as one
        where ${Number(id)} = any(${visibleHeaderIds(header, session)})`.execute(db)
      if (!rows.length)
        throw badRequest(
          `Invalid request body: ${parentField} ${String(id)}: this ${header.entity} is not in the warehouses or owners granted to you (ask an administrator, or pick one of yours).`,
          { [parentField]: `${header.entity} ${String(id)} is not granted to you` },
        )
    })
  }
}
