import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOn } from '../../server/db/listen.ts'
import { NOTICE_CHANNEL } from '../../server/modules/hmsg/notice-bus.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const clock = { now: Date.now() }
const tokens: Record<string, string> = {}

beforeAll(async () => {
  app = await createTestApp({ now: () => clock.now })
  tokens.admin = await signIn(app, 'admin', 'Admin@123') // tenant 1 (also a member of tenant 2)
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123') // tenant 1
  tokens.manager = await signIn(app, 'manager', 'Manager@123') // tenant 2
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const unread = async (user: string, tenantId: number) =>
  (await call(user, 'GET', `/api/hmsg/v1/${tenantId}/messages/user/count`)).json()
    .unreadMessageCount as number

interface Frame {
  key: string
  type: string
  tenantId: number
  number: number
}
/** An open socket of `user` that records the notice frames it receives. */
async function openSocket(user: string) {
  const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${tokens[user]}`)
  const frames: Frame[] = []
  const waiting: Array<() => void> = []
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(String(data)) as { key: string; type: string; message: string }
    frames.push({ key: frame.key, type: frame.type, ...JSON.parse(frame.message) })
    waiting.shift()?.()
  })
  /** Resolves once `count` frames in all have arrived (no timers: the test fails by its own timeout). */
  const received = async (count: number) => {
    while (frames.length < count) await new Promise<void>((resolve) => waiting.push(resolve))
    return frames
  }
  return { ws, frames, received }
}

describe('socket authentication (PLAT-SOCK-04)', () => {
  it('refuses a socket without a token, with an unknown token and with an expired one', async () => {
    await expect(app.injectWS('/api/hmsg/websocket')).rejects.toThrow(/401/)
    await expect(app.injectWS('/api/hmsg/websocket?access_token=not-a-token')).rejects.toThrow(/401/)
    const shortLived = await signIn(app, 'jxs', 'Jxs@12345')
    clock.now += 13 * 60 * 60 * 1000
    try {
      await expect(app.injectWS(`/api/hmsg/websocket?access_token=${shortLived}`)).rejects.toThrow(/401/)
    } finally {
      clock.now -= 13 * 60 * 60 * 1000
    }
  })

  it('closes an open socket at the next heartbeat once its session has ended (signed out)', async () => {
    const token = await signIn(app, 'jxs', 'Jxs@12345')
    const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${token}`)
    const closed = new Promise<[number, string]>((resolve) =>
      ws.once('close', (code: number, reason: Buffer) => resolve([code, String(reason)])),
    )
    await app.inject({ url: `/api/oauth/logout?access_token=${token}` })
    ws.send('hzero-hi')
    expect(await closed).toEqual([4401, 'The access token was revoked (signed out): sign in again.'])
  })

  it('accepts a live token and answers an unsupported frame with an error frame, not silence', async () => {
    const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${tokens.clerk}`)
    const reply = new Promise<string>((resolve) =>
      ws.once('message', (data: Buffer) => resolve(String(data))),
    )
    ws.send('{"key":"x","message":"y"}')
    expect(JSON.parse(await reply)).toMatchObject({ key: 'hzero-error', message: /heartbeat 'hzero-hi'/ })
    ws.terminate()
  })
})

describe('messages reach the right user at once', () => {
  it('a message sent to the clerk reaches both of the clerk’s sockets and nobody else', async () => {
    const clerkA = await openSocket('clerk')
    const clerkB = await openSocket('clerk')
    const admin = await openSocket('admin')
    const before = await unread('clerk', 1)
    const sent = await call('admin', 'POST', '/api/hmsg/v1/1/messages/user/send', {
      userIds: [3],
      subject: 'Stock count tomorrow',
      content: 'Bay 4, 08:00',
    })
    expect(sent.json()).toEqual({ sentCount: 1 })
    expect(await clerkA.received(1)).toEqual([{ key: 'hzero-web', type: 'U', tenantId: 1, number: 1 }])
    expect(await clerkB.received(1)).toEqual([{ key: 'hzero-web', type: 'U', tenantId: 1, number: 1 }])
    expect(admin.frames).toEqual([])
    expect(await unread('clerk', 1)).toBe(before + 1)
    const list = (await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user?readFlag=0')).json()
    expect(list.content[0]).toMatchObject({
      subject: 'Stock count tomorrow',
      readFlag: 0,
      userMessageTypeCode: 'MSG',
    })
    for (const socket of [clerkA, clerkB, admin]) socket.ws.terminate()
  })

  it('marking read lowers the count once, tells the other windows, and never goes below 0', async () => {
    const socket = await openSocket('clerk')
    await call('admin', 'POST', '/api/hmsg/v1/1/messages/user/send', { userIds: [3], subject: 'Read me' })
    await socket.received(1)
    const id = (await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user?readFlag=0')).json().content[0]
      .userMessageId
    const count = await unread('clerk', 1)
    const first = await call('clerk', 'POST', '/api/hmsg/v1/1/messages/user/read-flag', {
      userMessageIds: [id],
    })
    expect(first.json()).toEqual({ readCount: 1 })
    expect((await socket.received(2))[1]).toMatchObject({ tenantId: 1, number: -1 })
    const again = await call('clerk', 'POST', '/api/hmsg/v1/1/messages/user/read-flag', {
      userMessageIds: [id],
    })
    expect(again.json()).toEqual({ readCount: 0 })
    expect(await unread('clerk', 1)).toBe(count - 1)
    await call('clerk', 'POST', '/api/hmsg/v1/1/messages/user/read-flag/all')
    await call('clerk', 'POST', '/api/hmsg/v1/1/messages/user/read-flag/all')
    expect(await unread('clerk', 1)).toBe(0)
    socket.ws.terminate()
  })

  it('fans out through LISTEN/NOTIFY, so another server instance on the same database hears it', async () => {
    const listen = listenOn(app.db)
    expect(listen).toBeDefined()
    const heard = new Promise<string>((resolve) => void listen!(NOTICE_CHANNEL, resolve))
    await call('admin', 'POST', '/api/hmsg/v1/1/messages/user/send', { userIds: [3], subject: 'Via NOTIFY' })
    expect(JSON.parse(await heard)).toEqual([[3, 1, 1]])
  })

  it('refuses recipients outside the tenant, and senders without the permission', async () => {
    const stranger = await call('admin', 'POST', '/api/hmsg/v1/1/messages/user/send', {
      userIds: [2],
      subject: 'x',
    })
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json()).toMatchObject({ failed: true, message: /Users 2 are not members of tenant 1/ })
    const clerk = await call('clerk', 'POST', '/api/hmsg/v1/1/messages/user/send', {
      userIds: [1],
      subject: 'x',
    })
    expect(clerk.statusCode).toBe(403)
    expect(clerk.json().message).toMatch(/hmsg\.message\.button\.send/)
  })
})

describe('notices (/hmsg/notices)', () => {
  it('a published notice reaches every member of the tenant; other tenants neither count nor see it', async () => {
    const admin = await openSocket('admin')
    const clerk = await openSocket('clerk')
    const adminBefore = await unread('admin', 1)
    const draft = await call('manager', 'POST', '/api/hmsg/v1/2/notices', {
      title: '华南仓盘点通知',
      noticeBody: '周六全天盘点',
    })
    expect(draft.json()).toMatchObject({ statusCode: 'DRAFT', receiverScope: 'ALL', objectVersionNumber: 1 })
    const noticeId = draft.json().noticeId as number
    const published = await call('manager', 'POST', `/api/hmsg/v1/2/notices/${noticeId}/publish`)
    expect(published.json()).toMatchObject({ statusCode: 'PUBLISHED', receiverCount: 2 })
    // The admin belongs to tenant 2 too: the frame names tenant 2, which the browser ignores while in tenant 1.
    expect(await admin.received(1)).toEqual([{ key: 'hzero-web', type: 'U', tenantId: 2, number: 1 }])
    expect(clerk.frames).toEqual([])
    expect(await unread('admin', 1)).toBe(adminBefore)
    const adminList = (await call('admin', 'GET', '/api/hmsg/v1/1/messages/user')).json()
    expect(adminList.content.map((m: { subject: string }) => m.subject)).not.toContain('华南仓盘点通知')
    const managerList = (await call('manager', 'GET', '/api/hmsg/v1/2/messages/user')).json()
    expect(managerList.content[0]).toMatchObject({
      subject: '华南仓盘点通知',
      userMessageTypeCode: 'NOTICE',
      noticeId,
    })
    admin.ws.terminate()
    clerk.ws.terminate()
  })

  it('drafts change with the right version only; published notices are final', async () => {
    const draft = (
      await call('admin', 'POST', '/api/hmsg/v1/1/notices', {
        title: 'Draft',
        receiverScope: 'USERS',
        receiverUserIds: [3],
      })
    ).json()
    const stale = await call('admin', 'PUT', '/api/hmsg/v1/1/notices', {
      ...draft,
      title: 'Edited',
      objectVersionNumber: 7,
    })
    expect(stale.statusCode).toBe(409)
    const edited = await call('admin', 'PUT', '/api/hmsg/v1/1/notices', { ...draft, title: 'Edited' })
    expect(edited.json()).toMatchObject({ title: 'Edited', objectVersionNumber: 2 })
    const noRecipients = await call('admin', 'POST', '/api/hmsg/v1/1/notices', {
      title: 'x',
      receiverScope: 'USERS',
    })
    expect(noRecipients.json()).toMatchObject({ failed: true, message: /at least one recipient/ })
    await call('admin', 'POST', `/api/hmsg/v1/1/notices/${draft.noticeId}/publish`)
    expect((await call('admin', 'POST', `/api/hmsg/v1/1/notices/${draft.noticeId}/publish`)).statusCode).toBe(
      409,
    )
    expect((await call('admin', 'DELETE', `/api/hmsg/v1/1/notices/${draft.noticeId}`)).statusCode).toBe(409)
    expect((await call('clerk', 'POST', '/api/hmsg/v1/1/notices', { title: 'x' })).statusCode).toBe(403)
    expect((await call('manager', 'GET', `/api/hmsg/v1/2/notices/${draft.noticeId}`)).statusCode).toBe(404)
    const list = (await call('admin', 'GET', '/api/hmsg/v1/1/notices?statusCode=PUBLISHED&title=Edit')).json()
    expect(list.content.map((n: { noticeId: number }) => n.noticeId)).toContain(draft.noticeId)
  })
})
