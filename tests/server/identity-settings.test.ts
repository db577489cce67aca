/**
 * Identity settings that configure something (issue 6): user groups are message receivers (mode GROUP); the
 * domain config gives the sign-in page of its host its title and template; the languages value set
 * (HPFM.LANGUAGE, /hpfm/languages) decides which languages the sign-in page offers, in which order and names.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { domainOn, updateDomainOn } from './support/domains.ts'

let app: FastifyInstance
let admin: string
let clerk: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
}, 600_000)
afterAll(() => app.close())

const idOf = async (login: string) =>
  Number(
    (await app.db.selectFrom('iamUser').select('id').where('loginName', '=', login).executeTakeFirstOrThrow())
      .id,
  )
const unread = async (token: string) =>
  (await injectAs(app, token, 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
    .unreadMessageCount as number

describe('user groups as message receivers', () => {
  it('a GROUP receiver type sends to the members of its groups, as they are at sending', async () => {
    const clerkId = await idOf('clerk')
    const group = await injectAs(app, admin, 'POST', '/api/iam/v1/1/user-groups', {
      groupCode: 'PICKERS',
      groupName: 'Pickers',
      memberUserIds: ` ${clerkId} , ${clerkId}`,
    })
    expect(group.statusCode, group.body).toBe(201)
    expect(group.json().memberUserIds).toBe(String(clerkId))
    const type = await injectAs(app, admin, 'POST', '/api/hmsg/v1/1/receiver-types', {
      typeCode: 'PICKERS_GROUP',
      typeName: 'Pickers',
      typeMode: 'GROUP',
      groupCodes: 'PICKERS',
    })
    expect(type.statusCode, type.body).toBe(201)

    const before = await unread(clerk)
    const adminBefore = await unread(admin)
    const sent = await injectAs(app, admin, 'POST', '/api/hmsg/v1/1/template-messages', {
      templateCode: 'ORDER_SHIPPED',
      receiverTypeCode: 'PICKERS_GROUP',
      args: { orderNo: 'SO-G1', carrier: 'SF', waybillNo: 'W-1' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().results[0]).toMatchObject({ channel: 'WEB', statusCode: 'SUCCESS', receiverCount: 1 })
    expect(await unread(clerk)).toBe(before + 1)
    expect(await unread(admin)).toBe(adminBefore)

    // Membership is read at sending: the admin added, the next message reaches both.
    const adminId = await idOf('admin')
    const updated = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/user-groups', {
      ...(group.json() as Record<string, unknown>),
      memberUserIds: `${clerkId},${adminId}`,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const again = await injectAs(app, admin, 'POST', '/api/hmsg/v1/1/template-messages', {
      templateCode: 'ORDER_SHIPPED',
      receiverTypeCode: 'PICKERS_GROUP',
      args: { orderNo: 'SO-G2', carrier: 'SF', waybillNo: 'W-2' },
    })
    expect(again.json().results[0]).toMatchObject({ receiverCount: 2 })
  })

  it('a group of strangers, a bad member list and a missing group are refused with the reason', async () => {
    const managerId = await idOf('manager') // a user of tenant 2 only
    const strangers = await injectAs(app, admin, 'POST', '/api/iam/v1/1/user-groups', {
      groupCode: 'OUTSIDERS',
      groupName: 'Outsiders',
      memberUserIds: String(managerId),
    })
    expect(strangers.statusCode).toBe(400)
    expect(strangers.json()).toMatchObject({ fields: { memberUserIds: 'not users of the tenant' } })
    expect(strangers.json().message).toMatch(new RegExp(`Users ${managerId} are not users of this tenant`))
    const text = await injectAs(app, admin, 'POST', '/api/iam/v1/1/user-groups', {
      groupCode: 'TEXT',
      groupName: 'Text',
      memberUserIds: 'clerk',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json().message).toMatch(/clerk is not one/)

    const type = await injectAs(app, admin, 'POST', '/api/hmsg/v1/1/receiver-types', {
      typeCode: 'NO_SUCH_GROUP',
      typeName: 'Missing',
      typeMode: 'GROUP',
      groupCodes: 'NOPE,PICKERS',
    })
    expect(type.statusCode, type.body).toBe(201)
    const sent = await injectAs(app, admin, 'POST', '/api/hmsg/v1/1/template-messages', {
      templateCode: 'ORDER_SHIPPED',
      receiverTypeCode: 'NO_SUCH_GROUP',
      args: { orderNo: 'SO-G3', carrier: 'SF', waybillNo: 'W-3' },
    })
    expect(sent.statusCode).toBe(400)
    expect(sent.json().message).toMatch(
      /names user group\(s\) NOPE, which are not enabled groups of this tenant/,
    )
  })
})

const signInPage = (host: string, lang?: string) =>
  app.inject({
    url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(`http://${host}/`)}${lang ? `&lang=${lang}` : ''}`,
    headers: { host, 'accept-language': 'en-US' },
  })
const optionsOf = (body: string) =>
  [...body.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map((m) => `${m[1]}=${m[2]}`)
const headingOf = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1]

describe('the sign-in page follows the domain config and the languages value set', () => {
  it("the domain's login title and template apply on its host only", async () => {
    const other = await signInPage('localhost:8080', 'zh_CN')
    expect(other.statusCode).toBe(200)
    expect(headingOf(other.body)).toBe('仓储管理平台')
    const domainPage = await signInPage('wms.example.com', 'zh_CN')
    expect(domainPage.statusCode, domainPage.body).toBe(200)
    expect(headingOf(domainPage.body)).toBe('华东仓储管理平台')
    expect(domainPage.body).toContain('<title>登录 · 华东仓储管理平台</title>')
    expect(domainPage.body).not.toContain('class="banner"')

    const domain = await domainOn(app, admin, 'wms.example.com')
    const templates = (
      await injectAs(app, admin, 'GET', `/api/iam/v1/1/domain-config/${domain.domainId}/templates?size=10`)
    ).json().content
    const login = templates.find((t: { templateType: string }) => t.templateType === 'LOGIN')
    const refused = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domain-templates', {
      ...login,
      templatePath: '/templates/login/fancy',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      fields: { templatePath: 'one of /templates/login/default, /templates/login/banner' },
    })
    const banner = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domain-templates', {
      ...login,
      templatePath: '/templates/login/banner',
    })
    expect(banner.statusCode, banner.body).toBe(200)
    const renamed = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domains', {
      ...domain,
      loginTitle: 'East <Hub>',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const page = await signInPage('wms.example.com', 'en_US')
    expect(page.body).toContain('<body class="banner"><aside>East &lt;Hub&gt;</aside>')
    expect(headingOf(page.body)).toBe('East &lt;Hub&gt;')

    const disabled = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domains', {
      ...(renamed.json() as Record<string, unknown>),
      enabledFlag: 0,
    })
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect(headingOf((await signInPage('wms.example.com', 'en_US')).body)).toBe(
      'Warehouse management platform',
    )
  })

  it('offers the languages of HPFM.LANGUAGE in their order and names; a language without texts is refused', async () => {
    const platform = await signInPage('localhost:8080', 'en_US')
    expect(optionsOf(platform.body)).toEqual(['zh_CN=简体中文', 'en_US=English', 'zh_TW=繁體中文'])

    const unknown = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/value-lists/HPFM.LANGUAGE/values', {
      value: 'fr_FR',
      meaningZhCn: 'Français',
      meaningEnUs: 'Français',
      meaningZhTw: 'Français',
      orderSeq: 5,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/no texts for language 'fr_FR'.*zh_CN, en_US, zh_TW/)

    // Tenant 1 (the tenant of the wms.example.com domain, enabled again) renames, reorders and drops a language.
    await updateDomainOn(app, admin, 'wms.example.com', { enabledFlag: 1 })
    const values = (
      await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/value-lists/HPFM.LANGUAGE/values?size=10')
    ).json().content as Array<Record<string, unknown>>
    const english = values.find((v) => v.value === 'en_US')!
    const saved = await injectAs(app, admin, 'PUT', '/api/hpfm/v1/1/value-lists/HPFM.LANGUAGE/values', {
      ...english,
      meaningEnUs: 'English (UK)',
      orderSeq: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const traditional = (
      await injectAs(app, admin, 'GET', '/api/hpfm/v1/1/value-lists/HPFM.LANGUAGE/values?size=10')
    )
      .json()
      .content.find((v: { value: string }) => v.value === 'zh_TW')
    const dropped = await injectAs(app, admin, 'DELETE', '/api/hpfm/v1/1/value-lists/HPFM.LANGUAGE/values', {
      lookupValueId: traditional.lookupValueId,
    })
    expect(dropped.statusCode, dropped.body).toBe(204)

    const tenantPage = await signInPage('wms.example.com', 'en_US')
    expect(optionsOf(tenantPage.body)).toEqual(['en_US=English (UK)', 'zh_CN=简体中文'])
    // A language the set no longer offers is not served: the browser's language is taken instead.
    const asked = await signInPage('wms.example.com', 'zh_TW')
    expect(asked.body).toContain('<option value="en_US" selected>')
    // The platform's own sign-in (no domain) keeps the platform's values.
    expect(optionsOf((await signInPage('localhost:8080', 'en_US')).body)).toHaveLength(3)
  })
})

describe('labels on users and roles', () => {
  const users = async (query: string) =>
    (await injectAs(app, admin, 'GET', `/api/iam/v1/1/users?size=50&${query}`)).json().content as Array<
      Record<string, unknown>
    >
  const roles = async (query: string) =>
    (await injectAs(app, admin, 'GET', `/api/iam/v1/1/roles?size=50&${query}`)).json().content as Array<
      Record<string, unknown>
    >

  it('a user carries USER labels: shown in the list, filtered by one, replaced on edit; others refused', async () => {
    const clerkRow = (await users('loginName=clerk')).find((u) => u.loginName === 'clerk')!
    const {
      labelCodes: _none,
      tenantName: _t,
      lockedFlag: _l,
      passwordChangedAt: _p,
      organizationId: _o,
      ...editable
    } = clerkRow
    const wrongType = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/users', {
      ...editable,
      labelCodes: 'WAREHOUSE',
    })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toMatchObject({ fields: { labelCodes: 'unknown USER label' } })
    expect(wrongType.json().message).toMatch(/WAREHOUSE: not enabled user labels of this tenant/)

    const saved = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/users', { ...editable, labelCodes: 'VIP' })
    expect(saved.statusCode, saved.body).toBe(200)
    const vip = await users('labelCode=VIP')
    expect(vip.map((u) => u.loginName)).toEqual(['clerk'])
    expect(vip[0]!.labelCodes).toBe('VIP')
    expect((await users('labelCode=NOPE')).length).toBe(0)

    const created = await injectAs(app, admin, 'POST', '/api/iam/v1/1/users', {
      loginName: 'label.user',
      realName: 'Labelled',
      password: 'Label@2026x',
      labelCodes: 'VIP',
    })
    expect(created.statusCode, created.body).toBe(200)
    expect((await users('labelCode=VIP')).map((u) => u.loginName).sort()).toEqual(['clerk', 'label.user'])
    const refusedCreate = await injectAs(app, admin, 'POST', '/api/iam/v1/1/users', {
      loginName: 'label.bad',
      realName: 'Bad',
      password: 'Label@2026x',
      labelCodes: 'GHOST',
    })
    expect(refusedCreate.statusCode).toBe(400)
    // Refused before anything was written: no user without its labels.
    expect((await users('loginName=label.bad')).length).toBe(0)

    const cleared = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/users', {
      ...editable,
      objectVersionNumber: Number(editable.objectVersionNumber) + 1,
      labelCodes: '',
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await users('labelCode=VIP')).map((u) => u.loginName)).toEqual(['label.user'])
  })

  it('a role carries ROLE labels: shown in the list and filtered by one; a disabled label is refused', async () => {
    const clerkRole = (await roles('code=wh-clerk')).find((r) => r.code === 'wh-clerk')!
    const body = {
      roleId: clerkRole.roleId,
      code: clerkRole.code,
      name: clerkRole.name,
      objectVersionNumber: clerkRole.objectVersionNumber,
      labelCodes: 'WAREHOUSE, FINANCE',
    }
    const saved = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/roles', body)
    expect(saved.statusCode, saved.body).toBe(200)
    const labelled = await roles('labelCode=FINANCE')
    expect(labelled.map((r) => r.code)).toEqual(['wh-clerk'])
    expect(labelled[0]!.labelCodes).toBe('FINANCE,WAREHOUSE')
    expect((await roles('labelCode=VIP')).length).toBe(0)

    const labels = (await injectAs(app, admin, 'GET', '/api/iam/v1/1/labels?labelCode=FINANCE')).json()
      .content
    const finance = labels.find((l: { labelCode: string }) => l.labelCode === 'FINANCE')
    const off = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/labels', { ...finance, enabledFlag: 0 })
    expect(off.statusCode, off.body).toBe(200)
    const refused = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/roles', {
      ...body,
      objectVersionNumber: Number(body.objectVersionNumber) + 1,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/FINANCE: not enabled role labels of this tenant/)
  })
})
