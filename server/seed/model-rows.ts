/**
 * Demo rows of the models, as data: every `server/seed/data/rows/*.json`, in file-name order (so a file of
 * areas named `20-wmdm-area.json` runs after `10-wmdm-warehouse.json`). A file is
 *
 *   { "model": "wms/warehouse", "as": { "tenantId": 1, "userId": 1, "roleId": 2, "roleCode": "tenant-admin" },
 *     "rows": [ { "warehouseCode": "WH-E001", … } ] }
 *
 * `model` is `<service>/<entity>`; `as` (default: the tenant-1 administrator) is the session the rows are
 * written with; rows go through the API's write path (defaults, code rules, value-set checks, audit fields);
 * then a document (model with lifecycle) is put in the status the row names and read-only fields are set.
 * A value `{ "$ref": "wms/warehouse", "where": { "warehouseCode": "WH-E001" } }` is the primary key of the row
 * of that model (same tenant) matching `where` (whose values may be `$ref`s too), so files refer to each other
 * by business keys, never by ids.
 * Any problem stops the seed with the file, the row and the fix.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { modelKey, type ModelSchema } from '../../renderer/schema/model.ts'
import type { Db } from '../db/schema.ts'
import { codeRuleFields, createRow } from '../modules/models/model-write.ts'
import { snakeCase } from '../modules/models/naming.ts'
import type { Session } from '../types.ts'
import { seedDataDir } from './data.ts'
import { seedSession } from './demo-data.ts'

export interface RowSeedFile {
  model: string
  as?: { tenantId: number; userId: number; roleId: number; roleCode: string }
  rows: Array<Record<string, unknown>>
}

interface Ref {
  $ref: string
  where: Record<string, unknown>
}

const isRef = (value: unknown): value is Ref =>
  typeof value === 'object' && value !== null && '$ref' in value && 'where' in value

/** The row files, sorted by name (absent folder: none). */
export function rowSeedFiles(dir = join(seedDataDir, 'rows')): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name))
}

async function resolveRef(
  db: Db,
  models: Map<string, ModelSchema>,
  ref: Ref,
  session: Session,
): Promise<number> {
  const model = models.get(ref.$ref)
  if (!model)
    throw new Error(
      `$ref names model '${ref.$ref}', which does not exist (name it by its file's name under schemas/models, e.g. wms/outbound-order)`,
    )
  const conditions = []
  for (const [field, value] of Object.entries(ref.where)) {
    if (!model.fields.some((f) => f.name === field))
      throw new Error(`$ref ${ref.$ref}: '${field}' is not a field of the model`)
    const resolved = isRef(value) ? await resolveRef(db, models, value, session) : value
    conditions.push(sql`${sql.ref(snakeCase(field))} = ${resolved}`)
  }
  if (model.tenantScoped !== false) conditions.push(sql`tenant_id = ${session.tenantId}`)
  const found = await sql<{ id: number }>`select ${sql.ref(snakeCase(model.primaryKey))} as id
    from ${sql.table(model.table)} where ${sql.join(conditions, sql` and `)} limit 2`.execute(db)
  if (found.rows.length !== 1) {
    throw new Error(
      `$ref ${ref.$ref} ${JSON.stringify(ref.where)} matches ${found.rows.length ? 'more than one row' : 'no row'}: seed the row in an earlier file or make 'where' unique`,
    )
  }
  return Number(found.rows[0]!.id)
}

/**
 * Creates a seed row through the API's write path, then sets what the API never takes from a client but a
 * seed may show: the status of a document (model lifecycle) and read-only fields (queue numbers, results).
 */
export async function createSeedRow(
  db: Db,
  model: ModelSchema,
  session: Session,
  values: Record<string, unknown>,
) {
  // A seed shows fixed document numbers; the API takes them only from the code rule (refused in a body).
  const numbered = new Set(codeRuleFields(model).map((field) => field.name))
  const body = Object.fromEntries(Object.entries(values).filter(([name]) => !numbered.has(name)))
  // the seed sets documents' statuses before it writes their lines
  const row = await createRow(db, model, session, body, { anyDocumentStatus: true })
  const direct = model.fields.filter(
    (field) =>
      (field.readOnly || field.name === model.lifecycle?.field || numbered.has(field.name)) &&
      values[field.name] !== undefined &&
      values[field.name] !== row[field.name],
  )
  if (direct.length) {
    const sets = direct.map((field) => sql`${sql.ref(snakeCase(field.name))} = ${values[field.name]}`)
    await sql`update ${sql.table(model.table)} set ${sql.join(sets)}
      where ${sql.ref(snakeCase(model.primaryKey))} = ${row[model.primaryKey]}`.execute(db)
  }
  return row
}

/** Writes every row file's rows. Throws naming the file and row on the first problem. */
export async function seedModelRows(db: Db, models: ModelSchema[], files = rowSeedFiles()): Promise<void> {
  const byKey = new Map(models.map((model) => [modelKey(model), model]))
  for (const file of files) {
    const name = `server/seed/data/rows/${file.split(/[\\/]/).at(-1)}`
    const seed = JSON.parse(readFileSync(file, 'utf8')) as RowSeedFile
    const model = byKey.get(seed.model)
    if (!model) {
      throw new Error(
        `${name}: model '${seed.model}' does not exist: name it by its file's name under schemas/models (e.g. wms/outbound-order).`,
      )
    }
    const as = seed.as ?? { tenantId: 1, userId: 1, roleId: 2, roleCode: 'tenant-admin' }
    const session = seedSession(as.userId, as.tenantId, as.roleId, as.roleCode)
    for (const [index, row] of seed.rows.entries()) {
      try {
        const values: Record<string, unknown> = {}
        for (const [field, value] of Object.entries(row))
          values[field] = isRef(value) ? await resolveRef(db, byKey, value, session) : value
        await createSeedRow(db, model, session, values)
      } catch (error) {
        throw new Error(`${name}: row ${index + 1}: ${(error as Error).message}`, { cause: error })
      }
    }
  }
}
