import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql, type Kysely } from 'kysely'
import { projectPath } from '../paths.ts'

/**
 * One model key everywhere (issue 20): the model file's name, `wms/outbound-order` (its path under schemas/models
 * without `.model.json`). Field permissions, data permission rules, import templates and imports, the import
 * target value set, export tasks and the model snapshot job's parameters stored the older `service/entity` spelling (`wms/outboundOrder`); this
 * rewrites every stored key through the model files (the old spelling of each file → its name), so nothing reads
 * two spellings any more. A stored key no model file knows is left as it is and reported (`renameModelKeys`'s
 * answer, printed by `up`): a rule on a model removed since applies to nothing, before and after.
 */

/** Every column that stores a model key: table, column, and the rows to look at (all when absent). */
export const MODEL_KEY_COLUMNS = [
  { table: 'hiam_field_permission', column: 'model_key' },
  { table: 'hpfm_permission_rule', column: 'model_key' },
  { table: 'himp_template', column: 'target_model' },
  { table: 'himp_import', column: 'target_model' },
  { table: 'hpfm_lookup_value', column: 'value', where: sql`lookup_code = 'HIMP.TARGET_MODEL'` },
] as const

/** Import targets that are not model files (server/modules/himp/code-targets.ts), named as a file would be. */
const IMPORT_TARGETS: ReadonlyArray<[string, string]> = [
  ['hiam/user', 'hiam/user'],
  ['hiam/memberRole', 'hiam/member-role'],
  ['hiam/member-role', 'hiam/member-role'],
]

/** Old spelling (`service/entity`) → file name, for every model file of `dir` (the file's own name maps to itself). */
export function modelKeyRenames(dir = projectPath('schemas', 'models')): Map<string, string> {
  const renames = new Map<string, string>(IMPORT_TARGETS)
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.model.json')) {
        const file = relative(dir, path).split(/[\\/]/).join('/').slice(0, -'.model.json'.length)
        const { service, entity } = JSON.parse(readFileSync(path, 'utf8')) as {
          service?: string
          entity?: string
        }
        renames.set(file, file)
        if (service && entity) renames.set(`${service}/${entity}`, file)
      }
    }
  }
  walk(dir)
  return renames
}

const tableExists = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)).rows[0]
    ?.found != null

/**
 * Rewrites every stored model key in `renames`' old spelling to its file name. Tables the database does not
 * have yet (model tables are made after the migrations) are skipped. Answers the stored keys no model file
 * knows, as `table.column: key`, left unchanged.
 */
export async function renameModelKeys(
  db: Kysely<unknown>,
  renames: ReadonlyMap<string, string>,
): Promise<string[]> {
  const unknown = new Set<string>()
  for (const { table, column, ...rest } of MODEL_KEY_COLUMNS) {
    if (!(await tableExists(db, table))) continue
    const where = 'where' in rest ? sql`where ${rest.where}` : sql``
    const stored = await sql<{
      key: string
    }>`select distinct ${sql.ref(column)} as key from ${sql.table(table)} ${where}`.execute(db)
    for (const { key } of stored.rows) {
      const name = renames.get(key)
      if (name === undefined) unknown.add(`${table}.${column}: ${key}`)
      else if (name !== key)
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${name}
          where ${sql.ref(column)} = ${key} ${'where' in rest ? sql`and ${rest.where}` : sql``}`.execute(db)
    }
  }
  if (await tableExists(db, 'hpfm_export_task')) {
    const tasks = await sql<{
      key: string
    }>`select distinct request ->> 'model' as key from hpfm_export_task`.execute(db)
    for (const { key } of tasks.rows) {
      if (key === null) continue
      const name = renames.get(key)
      if (name === undefined) unknown.add(`hpfm_export_task.request.model: ${key}`)
      else if (name !== key)
        await sql`update hpfm_export_task set request = jsonb_set(request, '{model}', to_jsonb(${name}::text))
          where request ->> 'model' = ${key}`.execute(db)
    }
  }
  // The model snapshot job names its models in its parameters (`{"models": [...]}`, server/modules/hsdr/job-types.ts).
  if (await tableExists(db, 'hsdr_job_info')) {
    const jobs = await sql<{
      jobId: number
      jobParams: string
    }>`select job_id as "jobId", job_params as "jobParams"
      from hsdr_job_info where job_params like '%"models"%'`.execute(db)
    for (const { jobId, jobParams } of jobs.rows) {
      let params: { models?: unknown }
      try {
        params = JSON.parse(jobParams) as { models?: unknown }
      } catch {
        continue // not JSON: the job says so when it runs, as before
      }
      if (!Array.isArray(params.models)) continue
      const models = params.models.map((key: unknown) => {
        if (typeof key !== 'string') return key
        const name = renames.get(key)
        if (name === undefined) unknown.add(`hsdr_job_info.job_params.models: ${key}`)
        return name ?? key
      })
      if (models.some((name, i) => name !== (params.models as unknown[])[i]))
        await sql`update hsdr_job_info set job_params = ${JSON.stringify({ ...params, models })}
          where job_id = ${jobId}`.execute(db)
    }
  }
  return [...unknown].sort()
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const unknown = await renameModelKeys(db, modelKeyRenames())
  if (unknown.length)
    console.warn(
      `Migration 0044_model_keys_file_names: ${unknown.length} stored model key(s) name no model file and were left as they are (they apply to nothing): ${unknown.join('; ')}`,
    )
}

/** The old spelling is not written back: every reader takes the file name only. */
export async function down(): Promise<void> {}
