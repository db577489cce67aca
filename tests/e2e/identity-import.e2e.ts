/**
 * The sub-account list's Import button opens the user import (template HIAM.USER): a row whose first password
 * breaks the tenant's policy is listed with the reason, fixed in place, and every row lands as a user of the
 * tenant with its role.
 */
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, launch, openSession, signIn, type Session } from './browser'

let browser: Browser
let session: Session
beforeAll(async () => {
  browser = await launch()
  session = await openSession(browser, 'en-US')
  await signIn(session.page, 'admin', 'Admin@123', '/hiam/sub-account-org')
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Users')
  sheet.addRow(['登录名', '姓名', '初始密码', '角色', '邮箱', '手机', '语言', '时区', '启用'])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('user import from the sub-account list', () => {
  it('lists a weak password with the policy, imports after the fix, and the users land with their role', async () => {
    const { page } = session
    const suffix = String(Date.now()).slice(-6)
    await page.getByRole('button', { name: 'Import', exact: true }).click({ timeout: 30_000 })
    await page.waitForURL('**/hiam/sub-account-org/data-import/HIAM.USER')
    await page.getByRole('button', { name: 'Download template' }).waitFor({ timeout: 30_000 })
    await page.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        [`e2e.${suffix}.a`, 'E2E A', 'Strong@2026x', 'wh-clerk'],
        [`e2e.${suffix}.b`, 'E2E B', 'weak', 'wh-clerk'],
      ]),
    })
    const error = page.getByText(/The password needs at least 8 characters/)
    await error.first().waitFor({ timeout: 30_000 })
    await page
      .getByRole('row', { name: new RegExp(`e2e\\.${suffix}\\.b`) })
      .getByRole('button', { name: 'Fix' })
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('初始密码 (password)').fill('Better@2026x')
    await dialog.getByRole('button', { name: 'Save and check again' }).click()
    await expect.poll(() => error.count(), { timeout: 15_000 }).toBe(0)
    await page.getByRole('button', { name: 'Import valid rows' }).click()
    await page.getByText('Import finished: 2 / 2').waitFor({ timeout: 15_000 })

    const token = await accessToken(session.context)
    const landed = await page.request.get(`/api/iam/v1/1/users?loginName=e2e.${suffix}&size=10`, {
      headers: { authorization: `bearer ${token}` },
    })
    const users = (await landed.json()).content as Array<{
      userId: number
      loginName: string
      organizationId: number
    }>
    expect(users.map((u) => u.loginName).sort()).toEqual([`e2e.${suffix}.a`, `e2e.${suffix}.b`])
    expect(users.every((u) => u.organizationId === 1)).toBe(true)
    const roles = await page.request.get(`/api/iam/v1/1/users/${users[0]!.userId}/roles?size=50`, {
      headers: { authorization: `bearer ${token}` },
    })
    const held = ((await roles.json()).content as Array<{ code: string; assigned: number }>).filter(
      (r) => r.assigned === 1,
    )
    expect(held.map((r) => r.code)).toEqual(['wh-clerk'])
  }, 120_000)
})
