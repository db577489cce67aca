import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const CLERK_ROLE = 4
const CODE = 'wmdm.warehouse.button.edit'
const RULES = `/api/iam/v1/1/roles/${CLERK_ROLE}/permissions/${CODE}/field-rules`
let warehouse: Record<string, unknown>

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  // Made by the clerk, so granted to the clerk (data permissions) and seen by both.
  const made = await call('clerk', 'POST', '/api/wms/v1/1/warehouses', {
    warehouseCode: 'FR-T1',
    warehouseName: 'Field rules',
    warehouseType: 'NORMAL',
    contactPhone: '555-0101',
    area: 12.5,
  })
  expect(made.statusCode).toBe(201)
  warehouse = made.json()
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const listed = async (user: string) =>
  (await call(user, 'GET', '/api/wms/v1/1/warehouses?warehouseCode=FR-T1')).json().content[0]
const fetched = async (user: string) =>
  (await call(user, 'GET', `/api/wms/v1/1/warehouses/${String(warehouse.warehouseId)}`)).json()
const current = async () => fetched('admin')
const addRule = async (body: Record<string, unknown>) => {
  const made = await call('admin', 'POST', RULES, body)
  expect(made.statusCode).toBe(200)
  return made.json()
}

describe('field permission rules', () => {
  it('a HIDDEN rule removes the field from the clerk’s list and get, not from the admin’s; disabled it has no effect', async () => {
    expect(await listed('clerk')).toHaveProperty('contactPhone', '555-0101')
    const rule = await addRule({ fieldName: 'contactPhone', ruleType: 'HIDDEN' })
    expect(rule).toMatchObject({ modelKey: 'wms/warehouse', roleId: CLERK_ROLE, enabledFlag: 1 })
    expect(rule.apis).toContain('PUT /api/wms/v1/:tenantId/warehouses')

    expect(await listed('clerk')).not.toHaveProperty('contactPhone')
    expect(await listed('clerk')).toHaveProperty('warehouseName', 'Field rules')
    expect(await fetched('clerk')).not.toHaveProperty('contactPhone')
    expect(await listed('admin')).toHaveProperty('contactPhone', '555-0101')
    expect(await fetched('admin')).toHaveProperty('contactPhone', '555-0101')
    // Nor can the clerk search, sort or group by a hidden field (the answer would tell its values apart).
    const byName = await addRule({ fieldName: 'warehouseName', ruleType: 'HIDDEN' })
    for (const query of [
      'warehouseName=Field',
      'sort=warehouseName,asc',
      'warehouseName=Field&exportType=DATA&ids=2',
      `conditions=${encodeURIComponent(JSON.stringify([{ fieldCode: 'warehouseName', fieldType: 'string', operateCode: 'LIKE', fieldValue: 'F' }]))}`,
    ]) {
      const probe = await call('clerk', 'GET', `/api/wms/v1/1/warehouses?${query}`)
      expect(probe.statusCode, query).toBe(403)
      expect(probe.json().fields.warehouseName).toContain('hidden')
    }
    const grouped = await call(
      'clerk',
      'GET',
      '/api/wms/v1/1/warehouses/aggregate?measure=count&groupBy=warehouseName',
    )
    expect(grouped.statusCode).toBe(403)
    expect((await call('clerk', 'GET', '/api/wms/v1/1/warehouses?warehouseCode=FR-T1')).statusCode).toBe(200)
    expect((await call('admin', 'GET', '/api/wms/v1/1/warehouses?warehouseName=Field')).statusCode).toBe(200)
    expect((await call('admin', 'DELETE', RULES, byName)).statusCode).toBe(200)
    // Nor is it a column of the clerk's export (column 2 warehouseCode, 7 contactPhone).
    const exportOf = async (user: string, ids: string) =>
      call(
        user,
        'GET',
        `/api/wms/v1/1/warehouses?exportType=DATA&ids=${ids}&fileType=CSV&warehouseCode=FR-T1`,
      )
    const tree = async (user: string) =>
      (await call(user, 'GET', '/api/wms/v1/1/warehouses?exportType=COLUMN'))
        .json()
        .children.map((c: { name: string }) => c.name)
    expect(await tree('clerk')).not.toContain('contactPhone')
    expect(await tree('clerk')).toContain('warehouseCode')
    expect(await tree('admin')).toContain('contactPhone')
    const clerkFile = await exportOf('clerk', '2,7')
    expect(clerkFile.statusCode).toBe(200)
    expect(clerkFile.body).toContain('FR-T1')
    expect(clerkFile.body).not.toContain('555-0101')
    expect((await exportOf('admin', '2,7')).body).toContain('555-0101')
    const onlyHidden = await exportOf('clerk', '7')
    expect(onlyHidden.statusCode).toBe(400)
    expect(onlyHidden.json().message).toContain('contactPhone')
    // Hidden is not writable either.
    const write = await call('clerk', 'PUT', '/api/wms/v1/1/warehouses', {
      ...(await current()),
      contactPhone: '555-0199',
    })
    expect(write.statusCode).toBe(403)
    expect(write.json().fields.contactPhone).toContain('hidden')

    const rules = (await call('admin', 'GET', RULES)).json()
    expect(rules.content.map((r: { fieldName: string }) => r.fieldName)).toEqual(['contactPhone'])
    const off = await call('admin', 'PUT', RULES, {
      fieldPermissionId: rule.fieldPermissionId,
      objectVersionNumber: rule.objectVersionNumber,
      enabledFlag: 0,
    })
    expect(off.statusCode).toBe(200)
    expect(await listed('clerk')).toHaveProperty('contactPhone', '555-0101')
    const stale = await call('admin', 'PUT', RULES, {
      fieldPermissionId: rule.fieldPermissionId,
      objectVersionNumber: rule.objectVersionNumber,
      enabledFlag: 1,
    })
    expect(stale.statusCode).toBe(409)
    const gone = await call('admin', 'DELETE', RULES, off.json())
    expect(gone.statusCode).toBe(200)
    expect((await call('admin', 'GET', RULES)).json().content).toEqual([])
  })

  it('a READ_ONLY field cannot be changed by the clerk; other fields can, and the admin is not limited', async () => {
    const rule = await addRule({ fieldName: 'area', ruleType: 'READ_ONLY' })
    const refused = await call('clerk', 'PUT', '/api/wms/v1/1/warehouses', { ...(await current()), area: 99 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ failed: true, code: 'error.forbidden' })
    expect(refused.json().message).toContain('area is read-only')
    expect(refused.json().fields.area).toContain('read-only')
    // The row as read, area unchanged (12.5 against the stored 12.50): allowed.
    const renamed = await call('clerk', 'PUT', '/api/wms/v1/1/warehouses', {
      ...(await current()),
      area: 12.5,
      warehouseName: 'Renamed by clerk',
    })
    expect(renamed.statusCode).toBe(200)
    expect(Number((await current()).area)).toBe(12.5)
    const created = await call('clerk', 'POST', '/api/wms/v1/1/warehouses', {
      warehouseCode: 'FR-T2',
      warehouseName: 'Second',
      warehouseType: 'NORMAL',
      area: 5,
    })
    expect(created.statusCode).toBe(403)
    const byAdmin = await call('admin', 'PUT', '/api/wms/v1/1/warehouses', { ...(await current()), area: 20 })
    expect(byAdmin.statusCode).toBe(200)
    await call('admin', 'DELETE', RULES, { ...rule, objectVersionNumber: rule.objectVersionNumber })
    const after = await call('clerk', 'PUT', '/api/wms/v1/1/warehouses', { ...(await current()), area: 21 })
    expect(after.statusCode).toBe(200)
  })

  it('a rule of the clerk’s user (sub-account field screen) applies to that user', async () => {
    const users = (await call('admin', 'GET', '/api/iam/v1/1/users?loginName=clerk')).json().content
    const userId = users.find((u: { loginName: string }) => u.loginName === 'clerk').userId
    const path = `/api/iam/v1/1/users/${userId}/permissions/${CODE}/field-rules`
    const made = await call('admin', 'POST', path, { fieldName: 'address', ruleType: 'HIDDEN' })
    expect(made.statusCode).toBe(200)
    expect(made.json()).toMatchObject({ userId, targetType: 'USER' })
    expect(await listed('clerk')).not.toHaveProperty('address')
    expect(await listed('admin')).toHaveProperty('address')
    await call('admin', 'DELETE', path, made.json())
    expect(await listed('clerk')).toHaveProperty('address')
  })

  it('the field picker offers the fields of the models a code guards', async () => {
    const offered = (
      await call(
        'admin',
        'GET',
        `/api/hpfm/v1/1/lovs/data?lovCode=HIAM.FIELD_RULE_FIELD&permissionCode=${CODE}&size=50`,
      )
    ).json()
    const names = offered.content.map(
      (row: { modelKey: string; fieldName: string }) => `${row.modelKey}.${row.fieldName}`,
    )
    expect(names).toContain('wms/warehouse.contactPhone')
    expect(names).not.toContain('wms/warehouse.warehouseId')
    expect(offered.content.every((row: { modelKey: string }) => row.modelKey === 'wms/warehouse')).toBe(true)
    const byName = (
      await call('admin', 'GET', '/api/iam/v1/1/field-rule-fields?fieldName=contactPhone&size=100')
    ).json()
    expect(byName.content.length).toBeGreaterThan(1)
  })

  it('the field screens of the smoke test’s sample ids answer an empty page (no rule yet)', async () => {
    for (const path of [
      '/api/iam/v1/1/roles/4/permissions/wmdm.warehouse.button.create/field-rules',
      '/api/iam/v1/1/users/3/permissions/wmdm.warehouse.button.create/field-rules',
    ]) {
      const answer = await call('admin', 'GET', path)
      expect(answer.statusCode, path).toBe(200)
      expect(answer.json()).toMatchObject({ content: [], totalElements: 0 })
    }
  })

  it('another tenant’s rules do not apply', async () => {
    await sql`insert into hiam_field_permission (tenant_id, target_type, target_id, permission_code, model_key,
        field_name, rule_type) values (2, 'ROLE', ${CLERK_ROLE}, ${CODE}, 'wms/warehouse', 'warehouseName', 'HIDDEN')`.execute(
      app.db,
    )
    expect(await listed('clerk')).toHaveProperty('warehouseName')
    expect((await call('admin', 'GET', RULES)).json().content).toEqual([])
  })

  it('bad input to the rules endpoint is a 400 envelope saying what to fix; the clerk may not edit rules', async () => {
    const badType = await call('admin', 'POST', RULES, { fieldName: 'area', ruleType: 'SECRET' })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().failed).toBe(true)
    const badField = await call('admin', 'POST', RULES, { fieldName: 'nope', ruleType: 'HIDDEN' })
    expect(badField.statusCode).toBe(400)
    expect(badField.json().fields.fieldName).toContain('contactPhone')
    const key = await call('admin', 'POST', RULES, { fieldName: 'warehouseId', ruleType: 'HIDDEN' })
    expect(key.statusCode).toBe(400)
    const noModel = await call(
      'admin',
      'POST',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/permissions/hiam.role.button.grant/field-rules`,
      { fieldName: 'area', ruleType: 'HIDDEN' },
    )
    expect(noModel.statusCode).toBe(400)
    expect(noModel.json().message).toContain('guards no model')
    const badModel = await call('admin', 'POST', RULES, {
      modelKey: 'wms/item',
      fieldName: 'area',
      ruleType: 'HIDDEN',
    })
    expect(badModel.statusCode).toBe(400)
    expect(badModel.json().fields.modelKey).toContain('wms/warehouse')
    const badCode = await call(
      'admin',
      'GET',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/permissions/a%20b/field-rules`,
    )
    expect(badCode.statusCode).toBe(400)
    expect((await call('admin', 'GET', '/api/iam/v1/1/roles/3/permissions/x/field-rules')).statusCode).toBe(
      404,
    )
    await addRule({ fieldName: 'remark', ruleType: 'HIDDEN' })
    const twice = await call('admin', 'POST', RULES, { fieldName: 'remark', ruleType: 'READ_ONLY' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toContain('already exists')
    const byClerk = await call('clerk', 'POST', RULES, { fieldName: 'area', ruleType: 'HIDDEN' })
    expect(byClerk.statusCode).toBe(403)
  })
})
