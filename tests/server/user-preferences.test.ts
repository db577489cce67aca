import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, postSignIn, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'manager', 'Manager@123')
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const self = async () => (await call('GET', '/api/iam/hzero/v1/users/self')).json()

const SETTINGS = {
  navTheme: 'dark',
  primaryColor: '#13C2C2',
  layout: 'topmenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  colorWeak: true,
}

describe('layout settings per user (PLAT-SET, kept on the server)', () => {
  it('answers {} before anything is saved, then what was saved', async () => {
    expect((await call('GET', '/api/iam/hzero/v1/users/self/layout-settings')).json()).toEqual({})
    const saved = await call('PUT', '/api/iam/hzero/v1/users/self/layout-settings', SETTINGS)
    expect(saved.statusCode).toBe(200)
    expect((await call('GET', '/api/iam/hzero/v1/users/self/layout-settings')).json()).toEqual(SETTINGS)
  })

  it('keeps them per user: another user still has none', async () => {
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    const response = await injectAs(app, clerk, 'GET', '/api/iam/hzero/v1/users/self/layout-settings')
    expect(response.json()).toEqual({})
  })

  it('refuses an unknown layout with the error envelope', async () => {
    const response = await call('PUT', '/api/iam/hzero/v1/users/self/layout-settings', {
      ...SETTINGS,
      layout: 'mix',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ failed: true })
  })
})

describe('personal centre', () => {
  it('changes the name and e-mail shown by users/self', async () => {
    const response = await call('PUT', '/api/iam/hzero/v1/users/self', {
      realName: '  Mia Manager ',
      email: 'mia@example.com',
    })
    expect(response.statusCode).toBe(200)
    expect(await self()).toMatchObject({ realName: 'Mia Manager', email: 'mia@example.com' })
  })

  it('refuses a blank name, saying what to do', async () => {
    const response = await call('PUT', '/api/iam/hzero/v1/users/self', { realName: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/name is blank/)
  })

  it('date formats, time zone and menu style come back in users/self (CORE-I18N-06)', async () => {
    await call('PUT', '/api/iam/hzero/v1/users/self/date-formats', {
      dateFormat: 'DD/MM/YYYY',
      timeFormat: 'HH:mm',
    })
    await call('PUT', '/api/iam/hzero/v1/users/time-zone?timeZone=GMT-5')
    await call('PUT', '/api/iam/hzero/v1/users/self/menu-layout?menuLayout=mixed')
    expect(await self()).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
      timeFormat: 'HH:mm',
      dateTimeFormat: 'DD/MM/YYYY HH:mm',
      timeZone: 'GMT-5',
      menuLayout: 'mixed',
    })
  })

  it('refuses an unknown time zone and an unlisted date format', async () => {
    const zone = await call('PUT', '/api/iam/hzero/v1/users/time-zone?timeZone=Mars')
    expect(zone.statusCode).toBe(400)
    expect(zone.json().message).toMatch(/Unknown time zone 'Mars'/)
    const format = await call('PUT', '/api/iam/hzero/v1/users/self/date-formats', {
      dateFormat: 'YY',
      timeFormat: 'HH:mm',
    })
    expect(format.statusCode).toBe(400)
  })
})

describe('password change (enforcing the password policy)', () => {
  const change = (originalPassword: string, password: string) =>
    call('PUT', '/api/iam/hzero/v1/users/password', { originalPassword, password })

  it('publishes the policy', async () => {
    expect((await call('GET', '/api/iam/hzero/v1/users/password-policy')).json()).toMatchObject({
      minLength: 8,
      digits: 1,
    })
  })

  it('refuses a wrong current password', async () => {
    const response = await change('nope', 'Better@2024')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/current password is wrong/)
  })

  it('refuses a weak password, naming every broken rule', async () => {
    const response = await change('Manager@123', 'short')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(
      'The new password needs at least 8 characters, at least 1 digit(s), at least 1 upper-case letter(s), at least 1 special character(s) such as @ # $: enter one that does.',
    )
  })

  it('refuses a password containing the login name', async () => {
    const response = await change('Manager@123', 'Xmanager@1')
    expect(response.json().message).toMatch(/not containing the login name/)
  })

  it('accepts a good password: the new one signs in, the old one no longer does', async () => {
    expect((await change('Manager@123', 'Better@2024')).statusCode).toBe(200)
    expect((await postSignIn(app, 'manager', 'Manager@123')).statusCode).not.toBe(302)
    expect((await postSignIn(app, 'manager', 'Better@2024')).statusCode).toBe(302)
  })
})
