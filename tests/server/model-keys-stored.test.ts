/**
 * Issue 20: one model key everywhere, the model file's name (`wms/goods-category`), in the database too. Field
 * permissions, data permission rules, import templates and export tasks stored the older `service/entity`
 * spelling (`wms/goodsCategory`) and the server bridged the two; migration 0043 rewrites what is stored and the
 * readers know the file name only.
 */
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { modelKey } from '../../renderer/schema/model.ts'
import { up as migrateModelKeys } from '../../server/migrations/0044_model_keys_file_names.ts'
import { codeTargets } from '../../server/modules/himp/code-targets.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope, models } from './support/security.ts'

let app: FastifyInstance
let admin: string
beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

/** Every key a stored model key may hold: a model file's name, or an import target that is not a model file. */
const known = new Set([
  ...models.map(modelKey),
  ...codeTargets({ maxFailedSignIns: 5, lockSeconds: 60, now: Date.now }).map((target) =>
    modelKey(target.model),
  ),
])

/** Every text column whose name says it holds a model: model, model_key, model_code, target_model, … */
async function modelColumns(): Promise<Array<{ table: string; column: string }>> {
  const found = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and data_type in ('character varying', 'text')
      and column_name ~ '(^|_)model(_key|_code)?$'
    order by table_name, column_name`.execute(app.db)
  return found.rows
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = []
  for (const { table, column } of await modelColumns()) {
    const rows = await sql<{ key: string }>`select distinct ${sql.ref(column)} as key from ${sql.table(table)}
      where ${sql.ref(column)} is not null`.execute(app.db)
    keys.push(...rows.rows.map((row) => `${table}.${column}: ${row.key}`))
  }
  const tasks = await sql<{ key: string }>`select distinct request ->> 'model' as key from hpfm_export_task
    where request ? 'model'`.execute(app.db)
  keys.push(...tasks.rows.map((row) => `hpfm_export_task.request.model: ${row.key}`))
  const targets = await sql<{ key: string }>`select distinct value as key from hpfm_lookup_value
    where lookup_code = 'HIMP.TARGET_MODEL'`.execute(app.db)
  keys.push(...targets.rows.map((row) => `hpfm_lookup_value(HIMP.TARGET_MODEL).value: ${row.key}`))
  return keys
}

const unknownKeys = async () => (await storedKeys()).filter((entry) => !known.has(entry.split(': ')[1]!))

describe('stored model keys', () => {
  it('after a fresh seed, every model key stored in every column that holds one names a model file', async () => {
    const columns = (await modelColumns()).map(({ table, column }) => `${table}.${column}`)
    // The columns the search must find (a renamed column would otherwise leave the check looking at nothing).
    expect(columns).toEqual(
      expect.arrayContaining([
        'hiam_field_permission.model_key',
        'hpfm_permission_rule.model_key',
        'himp_template.target_model',
      ]),
    )
    expect((await storedKeys()).some((entry) => entry.startsWith('himp_template.target_model: '))).toBe(true)
    expect(await unknownKeys()).toEqual([])
  })

  it('migration 0044 rewrites old-spelling keys to file names; the rules written before still apply', async () => {
    const categories = async () =>
      (await injectAs(app, admin, 'GET', '/api/wms/v1/1/goods-categories?size=100')).json() as {
        content: Array<Record<string, unknown>>
      }
    const before = await categories()
    expect(before.content.length).toBeGreaterThan(1)
    expect(before.content[0]).toHaveProperty('categoryName')
    const kept = String(before.content[0]!.categoryCode)

    // As the older server wrote them: the admin's own user hides categoryName; every role sees one category.
    await sql`insert into hiam_field_permission (tenant_id, target_type, target_id, permission_code, model_key,
        field_name, rule_type) values
      (1, 'USER', 1, 'wmdm.goodsCategory.button.edit', 'wms/goodsCategory', 'categoryName', 'HIDDEN'),
      (1, 'USER', 1, 'wmdm.goodsCategory.button.edit', 'wms/noSuchModel', 'categoryName', 'HIDDEN')`.execute(
      app.db,
    )
    await sql`insert into hpfm_permission_rule (tenant_id, rule_code, rule_name, model_key, field_name, operator,
        rule_value) values (1, 'OLD_KEY_RULE', 'Old key', 'wms/goodsCategory', 'categoryCode', 'EQUAL', ${kept})`.execute(
      app.db,
    )
    await sql`update himp_template set target_model = 'hsdr/jobGroup' where target_model = 'hsdr/job-group'`.execute(
      app.db,
    )
    await sql`insert into hpfm_export_task (uuid, task_code, task_name, service_name, tenant_id, user_id, state,
        request) values ('00000000-0000-4000-8000-000000000043', 'EXP-OLD', 'Old task', 'wms', 1, 1, 'FAILED',
        ${JSON.stringify({ model: 'wms/goodsCategory', options: {} })}::jsonb)`.execute(app.db)
    // a model snapshot job's parameters as the older server took them (one seeded job made one)
    const job = await sql<{
      jobId: number
    }>`select job_id as "jobId" from hsdr_job_info order by job_id limit 1`.execute(app.db)
    const jobId = job.rows[0]!.jobId
    await sql`update hsdr_job_info set job_params = ${JSON.stringify({ models: ['wms/goodsCategory', 'wms/warehouse'] })}
      where job_id = ${jobId}`.execute(app.db)
    expect(await unknownKeys()).toEqual(
      expect.arrayContaining([
        'hiam_field_permission.model_key: wms/goodsCategory',
        'hpfm_permission_rule.model_key: wms/goodsCategory',
        'himp_template.target_model: hsdr/jobGroup',
        'hpfm_export_task.request.model: wms/goodsCategory',
      ]),
    )

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await migrateModelKeys(app.db as unknown as Kysely<unknown>)
      // The key no model file knows is left as it was, and said.
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain(
        'hiam_field_permission.model_key: wms/noSuchModel',
      )
    } finally {
      warn.mockRestore()
    }
    expect(await unknownKeys()).toEqual(['hiam_field_permission.model_key: wms/noSuchModel'])
    const task = await sql<{ model: string }>`select request ->> 'model' as model from hpfm_export_task
      where task_code = 'EXP-OLD'`.execute(app.db)
    expect(task.rows[0]!.model).toBe('wms/goods-category')
    const snapshot = await sql<{ jobParams: string }>`select job_params as "jobParams" from hsdr_job_info
      where job_id = ${jobId}`.execute(app.db)
    expect(snapshot.rows.map((row) => JSON.parse(row.jobParams))).toEqual([
      { models: ['wms/goods-category', 'wms/warehouse'] },
    ])

    // The field permission hides the field and the data rule limits the list, as the older server applied them.
    const after = await categories()
    expect(after.content.map((row) => row.categoryCode)).toEqual([kept])
    expect(after.content[0]).not.toHaveProperty('categoryName')
    expect(after.content[0]).toHaveProperty('categoryCode', kept)
  })

  it('a data permission rule or field permission naming no model file is refused with 400 naming the key and the nearest model', async () => {
    for (const key of ['wms/outboundOrder', 'wms/outbound-ordr']) {
      const rule = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/permission-rules', {
        ruleCode: 'BAD_MODEL_KEY',
        ruleName: 'Bad model key',
        modelKey: key,
        fieldName: 'customerName',
        operator: 'EQUAL',
        ruleValue: 'x',
      })
      const body = expectEnvelope(rule, [400])
      expect(body.message).toContain(`'${key}'`)
      expect(body.message).toContain("did you mean 'wms/outbound-order'?")
      expect(rule.json().fields.modelKey).toContain('wms/outbound-order')
    }
    const field = await injectAs(
      app,
      admin,
      'POST',
      '/api/iam/v1/1/roles/4/permissions/wmdm.goodsCategory.button.edit/field-rules',
      { modelKey: 'wms/goodsCategory', fieldName: 'categoryName', ruleType: 'HIDDEN' },
    )
    const body = expectEnvelope(field, [400])
    expect(body.message).toContain("'wms/goodsCategory'")
    expect(body.message).toContain("did you mean 'wms/goods-category'?")
  })
})
