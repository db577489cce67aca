/**
 * Identity imports (issue 6): template HIAM.USER creates users of the importing tenant with a first password
 * checked against its password policy and the roles named; HIAM.ROLE creates roles and assigns them. Bad rows
 * are listed with their errors and nothing of them lands; no password rests in the import tables in clear.
 */
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
}, 600_000)
afterAll(() => app.close())

async function upload(token: string, templateCode: string, sheetName: string, rows: unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(sheetName)
  for (const row of rows) sheet.addRow(row)
  const content = Buffer.from(await book.xlsx.writeBuffer())
  const boundary = '----identityImportBoundary'
  return app.inject({
    method: 'POST',
    url: `/api/himp/v1/1/import-templates/${templateCode}/upload`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="identity.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

interface Line {
  lineId: number
  rowNumber: number
  status: string
  errorMessage: string | null
  dataJson: Record<string, unknown>
}
const linesOf = async (importId: number): Promise<Line[]> =>
  (await injectAs(app, admin, 'GET', `/api/himp/v1/1/import-batches/${importId}/lines?size=50`)).json()
    .content
const byRow = (lines: Line[]) => new Map(lines.map((line) => [line.rowNumber, line]))
const rolesOf = async (userId: number) =>
  (await injectAs(app, admin, 'GET', `/api/iam/v1/1/users/${userId}/roles?size=50`))
    .json()
    .content.filter((r: { assigned: number }) => r.assigned === 1)
    .map((r: { code: string }) => r.code)
    .sort()
const userNamed = async (loginName: string) =>
  (await injectAs(app, admin, 'GET', `/api/iam/v1/1/users?loginName=${loginName}&size=5`))
    .json()
    .content.find((u: { loginName: string }) => u.loginName === loginName)

const USER_TITLES = ['登录名', '姓名', '初始密码', '角色', '邮箱', '手机', '语言', '时区', '启用']

describe('user import (HIAM.USER)', () => {
  it('the template describes the user columns, not a model file', async () => {
    const response = await injectAs(app, admin, 'GET', '/api/himp/v1/1/import-templates/HIAM.USER')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      targetModel: 'hiam/user',
      createPermission: 'hiam.subAccount.button.create',
    })
    expect(response.json().sheets[0].columns.map((c: { fieldName: string }) => c.fieldName)).toEqual([
      'loginName',
      'realName',
      'password',
      'roleCodes',
      'email',
      'phone',
      'language',
      'timeZone',
      'enabledFlag',
    ])
  })

  it('creates good rows as users of the tenant with their roles; bad rows are listed with their errors', async () => {
    const response = await upload(admin, 'HIAM.USER', 'Users', [
      USER_TITLES,
      ['imp.alice', 'Alice', 'Alice@2026x', 'wh-clerk', 'alice@example.com', '', 'en_US', 'GMT+1', '是'],
      ['imp.bob', 'Bob', 'Bob#2026xy', 'wh-clerk, jxs', '', '13800000000', '', '', ''],
      ['imp.weak', 'Weak', 'weak', 'wh-clerk', '', '', '', '', ''],
      ['imp.norole', 'No role', 'Norole@2026', 'no-such-role', '', '', '', '', ''],
      ['admin', 'Taken', 'Taken@2026x', 'wh-clerk', '', '', '', '', ''],
      ['imp.alice', 'Alice again', 'Alice@2026x', 'wh-clerk', '', '', '', '', ''],
      ['imp.mail', 'Bad mail', 'Mail@2026xy', 'wh-clerk', 'not-an-address', '', 'xx_XX', '', ''],
      ['imp.empty', '', 'Empty@2026x', '', '', '', '', '', ''],
    ])
    expect(response.statusCode, response.body).toBe(200)
    const batch = response.json()
    expect(batch).toMatchObject({
      status: 'VALIDATED',
      totalCount: 8,
      errorCount: 6,
      targetModel: 'hiam/user',
    })

    const lines = byRow(await linesOf(batch.importId))
    // No password in clear: the lines keep a mask and the hash.
    for (const line of lines.values()) {
      expect(JSON.stringify(line.dataJson)).not.toMatch(/Alice@2026x|Bob#2026xy|"weak"/)
      if (line.dataJson.password !== undefined) expect(line.dataJson.password).toBe('******')
    }
    expect(lines.get(2)!.status).toBe('VALID')
    expect(lines.get(3)!.status).toBe('VALID')
    expect(lines.get(4)).toMatchObject({ status: 'ERROR' })
    expect(lines.get(4)!.errorMessage).toMatch(/password needs at least 8 characters.*password policy/)
    expect(lines.get(5)!.errorMessage).toMatch(/Role no-such-role does not exist in this tenant/)
    expect(lines.get(6)!.errorMessage).toMatch(/Login name admin is already used/)
    expect(lines.get(7)!.errorMessage).toMatch(/Login name imp.alice repeats row 2 of the file/)
    expect(lines.get(8)!.errorMessage).toMatch(/email/i)
    expect(lines.get(8)!.errorMessage).toMatch(/language/i)
    expect(lines.get(9)!.errorMessage).toMatch(/realName|required/i)

    // Fixing a refused password on screen: the new one is checked and kept as a hash too.
    const weak = lines.get(4)!
    const fixed = await injectAs(
      app,
      admin,
      'PUT',
      `/api/himp/v1/1/import-batches/${batch.importId}/lines/${weak.lineId}`,
      {
        data: { ...weak.dataJson, _passwordProblem: undefined, _passwordHash: 'scrypt$forged' },
      },
    )
    // A hash sent by the browser would skip the policy: it is not a column and is refused by name.
    expect(fixed.statusCode).toBe(400)
    expect(fixed.json().message).toMatch(/_passwordHash: not a column of template HIAM.USER/)
    const data = Object.fromEntries(Object.entries(weak.dataJson).filter(([k]) => !k.startsWith('_')))
    const again = await injectAs(
      app,
      admin,
      'PUT',
      `/api/himp/v1/1/import-batches/${batch.importId}/lines/${weak.lineId}`,
      {
        data: { ...data, password: 'Strong@2026x' },
      },
    )
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ status: 'VALID', errorMessage: null })
    expect(again.json().dataJson.password).toBe('******')

    const run = await injectAs(app, admin, 'POST', `/api/himp/v1/1/import-batches/${batch.importId}/import`)
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json()).toMatchObject({ status: 'IMPORTED', importedCount: 3, errorCount: 5 })

    const alice = await userNamed('imp.alice')
    expect(alice).toMatchObject({
      realName: 'Alice',
      organizationId: 1,
      language: 'en_US',
      timeZone: 'GMT+1',
      email: 'alice@example.com',
    })
    expect(await rolesOf(alice.userId)).toEqual(['wh-clerk'])
    const bob = await userNamed('imp.bob')
    expect(await rolesOf(bob.userId)).toEqual(['jxs', 'wh-clerk'])
    expect(await userNamed('imp.norole')).toBeUndefined()
    expect(await userNamed('imp.empty')).toBeUndefined()
    const after = byRow(await linesOf(batch.importId))
    expect(after.get(2)).toMatchObject({ status: 'IMPORTED' })
    expect(after.get(5)).toMatchObject({ status: 'ERROR' })

    // The imported users sign in with their first passwords, in the importing tenant.
    const aliceToken = await signIn(app, 'imp.alice', 'Alice@2026x')
    const self = (await injectAs(app, aliceToken, 'GET', '/api/iam/hzero/v1/users/self')).json()
    expect(self).toMatchObject({ loginName: 'imp.alice', tenantId: 1 })
    await signIn(app, 'imp.weak', 'Strong@2026x')
  })

  it('a role without the sub-account create permission cannot upload users', async () => {
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    const response = await upload(clerk, 'HIAM.USER', 'Users', [
      USER_TITLES,
      ['imp.x', 'X', 'Xx@2026xyz', 'wh-clerk'],
    ])
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toMatch(
      /hiam\.subAccount\.button\.create|himp\.commentImport\.button\.upload/,
    )
  })
})

describe('role import (HIAM.ROLE)', () => {
  it('creates new roles, assigns them and existing ones to users; bad rows are listed with their errors', async () => {
    const response = await upload(admin, 'HIAM.ROLE', 'RoleAssignments', [
      ['角色编码', '角色名称', '上级角色编码', '登录名'],
      ['imp-supervisor', 'Supervisor', '', 'clerk'],
      ['imp-lead', 'Lead', 'imp-supervisor', 'jxs'],
      ['jxs', '', '', 'clerk'],
      ['imp-orphan', 'Orphan', 'no-parent', ''],
      ['imp-nameless', '', '', 'clerk'],
      ['wh-clerk', '', '', 'nobody-here'],
      ['wh-clerk', '', '', 'clerk'],
      ['jxs', '', '', ''],
      ['Bad Code', 'x', '', ''],
    ])
    expect(response.statusCode, response.body).toBe(200)
    const batch = response.json()
    expect(batch).toMatchObject({ totalCount: 9, errorCount: 6, targetModel: 'hiam/member-role' })
    const lines = byRow(await linesOf(batch.importId))
    expect([2, 3, 4].map((row) => lines.get(row)!.status)).toEqual(['VALID', 'VALID', 'VALID'])
    expect(lines.get(5)!.errorMessage).toMatch(/Parent role no-parent does not exist/)
    expect(lines.get(6)!.errorMessage).toMatch(/Role imp-nameless is new: give its name/)
    expect(lines.get(7)!.errorMessage).toMatch(/User nobody-here is not a user of this tenant/)
    expect(lines.get(8)!.errorMessage).toMatch(/User clerk holds role wh-clerk already/)
    expect(lines.get(9)!.errorMessage).toMatch(/Role jxs exists already: name the user/)
    expect(lines.get(10)!.errorMessage).toMatch(/roleCode/)

    const run = await injectAs(app, admin, 'POST', `/api/himp/v1/1/import-batches/${batch.importId}/import`)
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json()).toMatchObject({ status: 'IMPORTED', importedCount: 3 })

    const roles = (await injectAs(app, admin, 'GET', '/api/iam/v1/1/roles?code=imp-&size=20')).json().content
    const supervisor = roles.find((r: { code: string }) => r.code === 'imp-supervisor')
    const lead = roles.find((r: { code: string }) => r.code === 'imp-lead')
    expect(supervisor).toMatchObject({ name: 'Supervisor', tenantId: 1, enabledFlag: 1 })
    expect(lead).toMatchObject({ parentRoleId: supervisor.roleId })
    expect(roles.map((r: { code: string }) => r.code)).not.toContain('imp-orphan')
    const clerk = await userNamed('clerk')
    expect(await rolesOf(clerk.userId)).toEqual(expect.arrayContaining(['imp-supervisor', 'jxs', 'wh-clerk']))
    const jxs = await userNamed('jxs')
    expect(await rolesOf(jxs.userId)).toContain('imp-lead')
  })

  it('another tenant cannot see the template rows of tenant 1 nor reach its users', async () => {
    const manager = await signIn(app, 'manager', 'Manager@123')
    const response = await upload(manager, 'HIAM.ROLE', 'RoleAssignments', [
      ['角色编码', '角色名称', '上级角色编码', '登录名'],
      ['x-role', 'X', '', 'clerk'],
    ])
    // The manager's tenant is 2; the URL names tenant 1, which is not theirs.
    expect(response.statusCode).toBe(403)
  })
})
