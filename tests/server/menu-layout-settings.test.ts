/**
 * MENU_LAYOUT in the tenant's configuration (/hpfm/config) and in profiles (/hpfm/profile-org): only the layouts
 * the shell has (MENU_LAYOUTS) are accepted, another value is refused with the error envelope naming them; the
 * value chosen reaches users/self, which the shell lays its menu out by (src/shell/ShellLayout.tsx,
 * MixedMenu.test.tsx renders that layout).
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENU_LAYOUTS } from '../../renderer/contract/user-preferences.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
}, 600_000)
afterAll(() => app.close())

const layoutOf = async (token: string) =>
  (await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).json().menuLayout as string

describe('MENU_LAYOUT setting and profiles', () => {
  it('the shell has inline and mixed', () => {
    expect([...MENU_LAYOUTS]).toEqual(['inline', 'mixed'])
  })

  it('a tenant setting of another layout is refused, on create and on update; a known one reaches users/self', async () => {
    expect(await layoutOf(clerk)).toBe('inline')
    const refused = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/configs', {
      configCode: 'MENU_LAYOUT',
      configValue: 'horizontal',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'error.validation',
      fields: { configValue: 'one of inline, mixed' },
    })
    expect(refused.json().message).toMatch(
      /Menu layout 'horizontal' is not a layout of the app: use inline .* or mixed/,
    )

    const created = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/configs', {
      configCode: 'MENU_LAYOUT',
      configValue: 'mixed',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(await layoutOf(clerk)).toBe('mixed')

    // The update carries no code (it is not updatable): the stored row's code decides.
    const { configCode: _code, ...row } = created.json()
    const badUpdate = await injectAs(app, admin, 'PUT', '/api/hpfm/v1/1/configs', {
      ...row,
      configValue: 'side-all',
    })
    expect(badUpdate.statusCode).toBe(400)
    expect(badUpdate.json().message).toMatch(/'side-all' is not a layout/)
    expect(await layoutOf(clerk)).toBe('mixed')

    // Another setting's value is not a layout and is not checked as one.
    const title = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/configs', {
      configCode: 'FAVICON',
      configValue: 'side-all',
    })
    expect(title.statusCode, title.body).toBe(201)
  })

  it('a role profile wins over the tenant setting, and a bad profile value is refused', async () => {
    const refused = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/profile-values', {
      profileName: 'MENU_LAYOUT',
      levelCode: 'ROLE',
      levelValue: 'wh-clerk',
      profileValue: 'side',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ profileValue: 'one of inline, mixed' })

    const profile = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/profile-values', {
      profileName: 'MENU_LAYOUT',
      levelCode: 'ROLE',
      levelValue: 'wh-clerk',
      profileValue: 'inline',
    })
    expect(profile.statusCode, profile.body).toBe(201)
    expect(await layoutOf(clerk)).toBe('inline')
    expect(await layoutOf(admin)).toBe('mixed')

    // Renaming another profile into MENU_LAYOUT checks its value too.
    const dates = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/profile-values', {
      profileName: 'TIME_FORMAT',
      levelCode: 'USER',
      levelValue: 'clerk',
      profileValue: 'HH:mm',
    })
    expect(dates.statusCode, dates.body).toBe(201)
    const renamed = await injectAs(app, admin, 'PUT', '/api/hpfm/v1/1/profile-values', {
      ...(dates.json() as Record<string, unknown>),
      profileName: 'MENU_LAYOUT',
    })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json().message).toMatch(/'HH:mm' is not a layout/)
  })

  it('a value stored before the check is passed over: users/self answers a layout the shell has', async () => {
    await sql`update hpfm_profile_value set profile_value = 'horizontal'
      where tenant_id = 1 and profile_name = 'MENU_LAYOUT' and level_value = 'wh-clerk'`.execute(app.db)
    expect(await layoutOf(clerk)).toBe('mixed')
  })
})
