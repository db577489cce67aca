/**
 * Messages through templates and send configs, channel tests against real (local) servers, audit records of
 * the generic write path, and the file screens: upload rules enforced, storage configs used, watermarked
 * previews, the online editor and its edit log.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, injectAs, signIn, type Method } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const servers: Array<HttpServer | TcpServer> = []

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(async () => {
  for (const server of servers) server.close()
  await app.close()
})

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const listen = async <S extends HttpServer | TcpServer>(server: S) => {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}
const rows = async (user: string, url: string) => {
  const response = await call(user, 'GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().content as Array<Record<string, unknown>>
}
const userIdOf = async (login: string) =>
  (await app.db.selectFrom('iamUser').select('id').where('loginName', '=', login).executeTakeFirstOrThrow())
    .id

describe('templates fill their variables and deliver to inboxes', () => {
  it('sends through a template to a user: the inbox holds the filled message, the message query the result', async () => {
    const clerkId = await userIdOf('clerk')
    const sent = await call('admin', 'POST', '/api/hmsg/v1/1/template-messages', {
      templateCode: 'ORDER_SHIPPED',
      userIds: [clerkId],
      args: { orderNo: 'SO-42', carrier: 'SF', waybillNo: 'W-9' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().results).toEqual([
      { channel: 'WEB', statusCode: 'SUCCESS', receiverCount: 1, errorMessage: null },
    ])
    const inbox = await rows('clerk', '/api/hmsg/v1/1/messages/user?size=5')
    expect(inbox[0]).toMatchObject({
      subject: '订单 SO-42 已发货',
      content: '您的订单 SO-42 已由 SF 发出，运单号 W-9。',
    })
    const query = await rows('admin', '/api/hmsg/v1/1/sent-messages?templateCode=ORDER_SHIPPED')
    expect(query[0]).toMatchObject({ channel: 'WEB', statusCode: 'SUCCESS', subject: '订单 SO-42 已发货' })
  })

  it('refuses a send whose variables are missing, naming them', async () => {
    const response = await call('admin', 'POST', '/api/hmsg/v1/1/template-messages', {
      templateCode: 'ORDER_SHIPPED',
      userIds: [await userIdOf('clerk')],
      args: { orderNo: 'SO-1' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/carrier, waybillNo/)
  })

  it('a send config delivers in-app to its receiver type and records the real failure of the other channels', async () => {
    const config = (await rows('admin', '/api/hmsg/v1/1/send-configs?messageCode=STOCK_ALERT'))[0]!
    const clerkBefore = (await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
      .unreadMessageCount
    const response = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/send-config-messages/${String(config.sendConfigId)}`,
      config,
    )
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json().results as Array<{
      channel: string
      statusCode: string
      errorMessage: string
    }>
    expect(results.find((r) => r.channel === 'WEB')?.statusCode).toBe('SUCCESS')
    // smtp.example.com and the robot URL are not reachable from here: each says why, none pretends success.
    expect(results.find((r) => r.channel === 'EMAIL')).toMatchObject({ statusCode: 'FAILED' })
    expect(results.find((r) => r.channel === 'EMAIL')?.errorMessage).toMatch(/SMTP smtp\.example\.com:465/)
    expect(results.find((r) => r.channel === 'WEBHOOK')).toMatchObject({ statusCode: 'FAILED' })
    const clerkAfter = (await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
      .unreadMessageCount
    expect(clerkAfter).toBe(clerkBefore + 1)
  })

  it('the template screen sends a test to the caller with the sample variables', async () => {
    const template = (await rows('admin', '/api/hmsg/v1/1/message-templates?templateCode=STOCK_ALERT'))[0]!
    const response = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/template-messages/${String(template.templateId)}/test`,
      template,
    )
    expect(response.statusCode, response.body).toBe(200)
    const inbox = await rows('admin', '/api/hmsg/v1/1/messages/user?size=1')
    expect(inbox[0]?.subject).toBe('WH-E001 库存预警：ITEM-0001')
  })

  it('opening a message on its detail screen marks it read', async () => {
    const [message] = await rows('clerk', '/api/hmsg/v1/1/messages/user?readFlag=0&size=1')
    const before = (await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
      .unreadMessageCount
    const type = String(message!.userMessageTypeCode)
    const detail = await call(
      'clerk',
      'GET',
      `/api/hmsg/v1/1/messages/user/detail/${type}/${String(message!.userMessageId)}`,
    )
    expect(detail.json()).toMatchObject({ readFlag: 1 })
    expect((await call('clerk', 'GET', '/api/hmsg/v1/1/messages/user/count')).json().unreadMessageCount).toBe(
      before - 1,
    )
    const wrongType = type === 'MSG' ? 'NOTICE' : 'MSG'
    expect(
      (
        await call(
          'clerk',
          'GET',
          `/api/hmsg/v1/1/messages/user/detail/${wrongType}/${String(message!.userMessageId)}`,
        )
      ).statusCode,
    ).toBe(404)
  })
})

describe('channel tests try for real', () => {
  it('email: an SMTP server that refuses is reported with its reply; one that greets passes', async () => {
    const refusing = await listen(createTcpServer((socket) => socket.end('554 5.7.1 no service here\r\n')))
    const greeting = await listen(
      createTcpServer((socket) => {
        socket.write('220 test ESMTP\r\n')
        socket.on('data', (data) => {
          const line = String(data)
          if (line.startsWith('EHLO')) socket.write('250-test\r\n250 AUTH LOGIN\r\n')
          else if (line.startsWith('AUTH')) socket.write('334 VXNlcm5hbWU6\r\n')
          else if (line.startsWith('QUIT')) socket.end('221 bye\r\n')
          else socket.write('334 UGFzc3dvcmQ6\r\n')
        })
      }),
    )
    const server = (await rows('admin', '/api/hmsg/v1/1/email-servers?serverCode=DEFAULT_SMTP'))[0]!
    const save = async (port: number) => {
      const current = await call('admin', 'GET', `/api/hmsg/v1/1/email-servers/${String(server.serverId)}`)
      const saved = await call('admin', 'PUT', '/api/hmsg/v1/1/email-servers', {
        ...current.json<Record<string, unknown>>(),
        host: '127.0.0.1',
        port,
        securityType: 'NONE',
        username: '',
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    await save(refusing)
    const failed = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/channel-tests/email-servers/${String(server.serverId)}`,
      {},
    )
    expect(failed.statusCode).toBe(400)
    expect(failed.json().message).toMatch(
      /Email test failed: SMTP 127\.0\.0\.1:\d+ \(NONE\): greeting: the server answered "554 5\.7\.1 no service here"/,
    )
    await save(greeting)
    const passed = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/channel-tests/email-servers/${String(server.serverId)}`,
      {},
    )
    expect(passed.statusCode, passed.body).toBe(200)
    expect(passed.json().message).toMatch(/accepted the connection/)
  })

  it('webhook: the HTTP status and answer of the real request are reported', async () => {
    const port = await listen(createHttpServer((_, res) => res.writeHead(500).end('robot is down')))
    const created = await call('admin', 'POST', '/api/hmsg/v1/1/webhook-configs', {
      serverCode: 'LOCAL_HOOK',
      serverName: 'Local hook',
      webhookType: 'JSON',
      webhookUrl: `http://127.0.0.1:${port}/hook`,
      enabledFlag: 1,
    })
    expect(created.statusCode, created.body).toBe(201)
    const response = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/channel-tests/webhook-configs/${String(created.json().serverId)}`,
      {},
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(
      `Webhook test failed: 127.0.0.1:${port} answered HTTP 500: robot is down`,
    )
  })

  it('the test needs its permission code', async () => {
    const server = (await rows('admin', '/api/hmsg/v1/1/email-servers'))[0]!
    expect(
      (
        await call(
          'clerk',
          'POST',
          `/api/hmsg/v1/1/channel-tests/email-servers/${String(server.serverId)}`,
          {},
        )
      ).statusCode,
    ).toBe(403)
  })
})

describe('publishing a notice reaches open sockets', () => {
  it('pushes +1 to the receivers over the socket', async () => {
    const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${tokens.clerk}`)
    const frame = new Promise<{ key: string; message: string }>((resolve) =>
      ws.on('message', (data: Buffer) =>
        resolve(JSON.parse(String(data)) as { key: string; message: string }),
      ),
    )
    const notice = await call('admin', 'POST', '/api/hmsg/v1/1/notices', {
      title: 'h4 notice',
      noticeBody: 'hello',
      receiverScope: 'ALL',
    })
    const published = await call(
      'admin',
      'POST',
      `/api/hmsg/v1/1/notices/${String(notice.json().noticeId)}/publish`,
      notice.json(),
    )
    expect(published.statusCode, published.body).toBe(200)
    const received = await frame
    expect(received.key).toBe('hzero-web')
    expect(JSON.parse(received.message)).toMatchObject({ tenantId: 1, number: 1 })
    ws.terminate()
    // The list screen's delete (row in the body) refuses a published notice.
    const refused = await call('admin', 'DELETE', '/api/hmsg/v1/1/notices', {
      noticeId: notice.json().noticeId,
    })
    expect(refused.statusCode).toBe(409)
  })
})

describe('audit of the generic write path', () => {
  it('records create, update and delete of an audited model with who, when, before and after', async () => {
    const created = await call('admin', 'POST', '/api/wms/v1/1/warehouses', {
      warehouseCode: 'WH-AUDIT-1',
      warehouseName: 'Audit test',
      warehouseType: 'NORMAL',
      area: 100,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().warehouseId as number
    const updated = await call('admin', 'PUT', '/api/wms/v1/1/warehouses', {
      ...created.json<Record<string, unknown>>(),
      warehouseName: 'Audit renamed',
      area: 150,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    // A stale update is refused and leaves no record (same transaction).
    expect(
      (
        await call('admin', 'PUT', '/api/wms/v1/1/warehouses', {
          ...created.json<Record<string, unknown>>(),
          area: 1,
        })
      ).statusCode,
    ).toBe(409)
    expect((await call('admin', 'DELETE', '/api/wms/v1/1/warehouses', updated.json())).statusCode).toBe(204)

    const data = await rows(
      'admin',
      `/api/hmnt/v1/1/data-audits?modelCode=wms/warehouse&recordId=${id}&sort=auditRecordId,asc`,
    )
    expect(data.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE'])
    expect(data[1]).toMatchObject({
      changedFields: 'warehouseName,area',
      userName: expect.stringContaining('admin'),
    })
    expect(JSON.parse(String(data[1]!.beforeData))).toMatchObject({ warehouseName: 'Audit test' })
    expect(JSON.parse(String(data[1]!.afterData))).toMatchObject({ warehouseName: 'Audit renamed' })
    expect(JSON.parse(String(data[1]!.afterData))).not.toHaveProperty('address') // only the configured fields
    const operations = await rows(
      'admin',
      `/api/hmnt/v1/1/operation-audits?modelCode=warehouse&recordId=${id}&userName=admin`,
    )
    expect(operations).toHaveLength(3)
    const today = new Date().toISOString().slice(0, 10)
    expect(
      await rows(
        'admin',
        `/api/hmnt/v1/1/operation-audits?recordId=${id}&occurredAtFrom=${today}&action=DELETE`,
      ),
    ).toHaveLength(1)
  })

  it('records nothing for a model no config names, and only admins read the records', async () => {
    const created = await call('admin', 'POST', '/api/hmsg/v1/1/receiver-types', {
      typeCode: 'NOT_AUDITED',
      typeName: 'x',
      typeMode: 'ALL',
    })
    expect(created.statusCode, created.body).toBe(201)
    const records = await app.db
      .selectFrom('hmntAuditRecord')
      .select('auditRecordId')
      .where('modelCode', '=', 'hmsg/receiver-type')
      .execute()
    expect(records).toEqual([])
    expect((await call('clerk', 'GET', '/api/hmnt/v1/1/data-audits')).statusCode).toBe(403)
  })

  it('a document audit keys the changes by the document number', async () => {
    const order = (await rows('admin', '/api/wms/v1/1/jxs-outbound-orders?orderStatus=NEW&size=1'))[0]!
    const updated = await call('admin', 'PUT', '/api/wms/v1/1/jxs-outbound-orders', {
      ...order,
      receiverName: 'Audit receiver',
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const log = await rows('admin', `/api/hmnt/v1/1/document-audits?documentNumber=${String(order.orderNum)}`)
    expect(log[0]).toMatchObject({
      action: 'UPDATE',
      documentNumber: order.orderNum,
      modelCode: 'wms/jxs-outbound-order',
    })
    const summary = await rows(
      'admin',
      `/api/hmnt/v1/1/document-audit-summaries?documentNumber=${String(order.orderNum)}`,
    )
    expect(summary[0]).toMatchObject({ documentNumber: order.orderNum, changeCount: 1, lastAction: 'UPDATE' })
  })
})

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string }
function upload(parts: Part[]) {
  const boundary = '----h4Boundary'
  const chunks: Buffer[] = []
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `Content-Disposition: form-data; name="${part.name}"`
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      Buffer.from('filename' in part ? part.content : part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return app.inject({
    method: 'POST',
    url: '/api/hfle/v1/1/files/multipart',
    payload: Buffer.concat(chunks),
    headers: { ...bearer(tokens.admin!), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}
const fileParts = (bucketName: string, filename: string, content: Buffer | string): Part[] => [
  { name: 'bucketName', value: bucketName },
  { name: 'file', filename, content },
]
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('files', () => {
  it('the upload rule screen changes what the upload endpoint accepts', async () => {
    const rule = await call('admin', 'POST', '/api/hfle/v1/1/upload-rules', {
      bucketName: 'h4-docs',
      allowedTypes: 'txt, md',
      maxSizeMb: 1,
    })
    expect(rule.statusCode, rule.body).toBe(200)
    expect(rule.json()).toMatchObject({ bucketName: 'h4-docs', allowedTypes: 'txt,md', maxSizeMb: 1 })
    const wrongType = await upload(fileParts('h4-docs', 'picture.png', PNG))
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().message).toMatch(/^Uploaded file type must be: txt,md/)
    const tooBig = await upload(fileParts('h4-docs', 'big.txt', Buffer.alloc(1024 * 1024 + 10, 97)))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().message).toMatch(/^Uploaded file size cannot exceed: 1 MB/)
    expect((await upload(fileParts('h4-docs', 'note.txt', 'hello'))).statusCode).toBe(200)
    const changed = await call('admin', 'PUT', '/api/hfle/v1/1/upload-rules', {
      bucketName: 'h4-docs',
      allowedTypes: 'png',
      maxSizeMb: 2,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await upload(fileParts('h4-docs', 'picture.png', PNG))).statusCode).toBe(200)
    expect((await upload(fileParts('h4-docs', 'note.txt', 'hello'))).statusCode).toBe(400)
    expect(
      (await call('admin', 'POST', '/api/hfle/v1/1/upload-rules', { bucketName: 'h4-docs', maxSizeMb: 0 }))
        .statusCode,
    ).toBe(400)
    expect(
      (await call('admin', 'DELETE', '/api/hfle/v1/1/upload-rules', { bucketName: 'h4-docs' })).statusCode,
    ).toBe(200)
    expect((await upload(fileParts('h4-docs', 'note.txt', 'hello'))).statusCode).toBe(200)
  })

  it('draws the configured watermark on image previews and says when it does not', async () => {
    const png = (await upload(fileParts('h4-img', 'photo.png', PNG))).body
    const preview = await call('admin', 'GET', `/api/hfle/v1/1/files/preview?url=${encodeURIComponent(png)}`)
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(preview.headers['x-watermark']).toBe('applied')
    expect(preview.body).toMatch(/<svg[^>]* width="1" height="1"/)
    expect(preview.body).toContain('内部资料')
    expect(preview.body).toContain('(admin)')
    expect(preview.body).toContain(`data:image/png;base64,${PNG.toString('base64')}`)
    const pdf = (await upload(fileParts('h4-img', 'doc.pdf', '%PDF-1.4 test'))).body
    const plain = await call('admin', 'GET', `/api/hfle/v1/1/files/preview?url=${encodeURIComponent(pdf)}`)
    expect(plain.headers['x-watermark']).toMatch(/^none: pdf previews are served without a watermark/)
  })

  it('edits a text document as a new version, deletes a file, and logs both', async () => {
    await upload(fileParts('h4-text', 'readme.txt', 'version 1'))
    const [file] = await rows('admin', '/api/hfle/v1/1/file-aggregates?fileName=readme')
    const id = file!.fileId as number
    const loaded = await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${id}`)
    expect(loaded.json()).toMatchObject({ fileName: 'readme.txt', content: 'version 1' })
    const saved = await call('admin', 'PUT', '/api/hfle/v1/1/file-documents', {
      ...loaded.json<Record<string, unknown>>(),
      content: 'version 2',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const newId = saved.json().fileId as number
    expect((await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${newId}`)).json().content).toBe(
      'version 2',
    )
    expect((await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${id}`)).json().content).toBe(
      'version 1',
    )
    const removed = await call('admin', 'DELETE', '/api/hfle/v1/1/file-aggregates', { fileId: id })
    expect(removed.statusCode, removed.body).toBe(200)
    const log = await rows('admin', '/api/hfle/v1/1/file-edit-logs?fileName=readme')
    expect(log.map((row) => row.action)).toEqual(['DELETE', 'EDIT'])
    expect(log[1]?.detail).toContain(`new version saved as file ${newId}`)
    const png = (await rows('admin', '/api/hfle/v1/1/file-aggregates?fileName=photo.png'))[0]!
    const refused = await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${String(png.fileId)}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/cannot be edited online: .*Excel, PDF, old Word \.doc/)
  })

  it('edits an HTML document with formatting: loaded and saved sanitised, stored as a whole document, logged', async () => {
    const page =
      '<!DOCTYPE html><html><head><script>steal()</script></head><body onload="x()"><h1>Notes</h1>' +
      '<p onclick="x()">plain <img src=x onerror=alert(1)></p></body></html>'
    await upload(fileParts('h4-text', 'notes.html', page))
    const [file] = await rows('admin', '/api/hfle/v1/1/file-aggregates?fileName=notes.html')
    const loaded = await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${file!.fileId as number}`)
    expect(loaded.statusCode, loaded.body).toBe(200)
    expect(loaded.json()).toMatchObject({ format: 'html', content: '<h1>Notes</h1><p>plain </p>' })
    const edited =
      '<h2>Notes</h2><p><b>bold</b> <i>italic</i> <a href="https://example.org" onclick="x()">link</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><script>alert(1)</script><a href="javascript:alert(1)">bad</a>'
    const saved = await call('admin', 'PUT', '/api/hfle/v1/1/file-documents', {
      fileId: file!.fileId,
      content: edited,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const clean =
      '<h2>Notes</h2><p><b>bold</b> <i>italic</i> <a href="https://example.org" rel="noopener noreferrer">link</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><a>bad</a>'
    expect(saved.json()).toMatchObject({ format: 'html', content: clean })
    const newId = saved.json().fileId as number
    const [stored] = await rows('admin', `/api/hfle/v1/1/file-aggregates?fileName=notes.html&size=10`).then(
      (list) => list.filter((row) => row.fileId === newId),
    )
    const bytes = await call(
      'admin',
      'GET',
      `/api/hfle/v1/1/files/download?url=${encodeURIComponent(String(stored!.fileUrl))}`,
    )
    expect(bytes.statusCode, bytes.body).toBe(200)
    expect(bytes.body).toMatch(/^<!DOCTYPE html>/)
    expect(bytes.body).toContain(`<body>\n${clean}\n</body>`)
    expect(bytes.body).not.toMatch(/script|onclick|javascript/i)
    const log = await rows('admin', '/api/hfle/v1/1/file-edit-logs?fileName=notes.html')
    expect(log.map((row) => row.action)).toEqual(['EDIT'])
    expect(log[0]?.detail).toContain(`new version saved as file ${newId}`)
    expect(log[0]?.detail).toContain('unsafe or unsupported HTML (scripts, styles, attributes) removed')
    const docx = await upload(fileParts('h4-text', 'letter.docx', 'PK not really'))
    expect(docx.statusCode).toBe(200)
    const [word] = await rows('admin', '/api/hfle/v1/1/file-aggregates?fileName=letter.docx')
    const refused = await call('admin', 'GET', `/api/hfle/v1/1/file-documents/${word!.fileId as number}`)
    expect(refused.statusCode).toBe(400)
    // A .docx is editable now (tests/server/docx-editor.test.ts), but these bytes are no .docx package.
    expect(refused.json().message).toMatch(
      /^'letter\.docx' is not a Word \.docx document .*: open it in Word/,
    )
  })

  it('a default S3 storage config receives new uploads; its test reports the real failure', async () => {
    const objects = new Map<string, Buffer>()
    let refuse = true
    const port = await listen(
      createHttpServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (chunk: Buffer) => chunks.push(chunk))
        req.on('end', () => {
          if (refuse) return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>')
          const key = req.url ?? ''
          if (req.method === 'PUT') objects.set(key, Buffer.concat(chunks))
          if (req.method === 'DELETE') objects.delete(key)
          if (req.method === 'GET') {
            const body = objects.get(key)
            return body ? res.writeHead(200).end(body) : res.writeHead(404).end()
          }
          res.writeHead(200).end()
        })
      }),
    )
    const config = await call('admin', 'POST', '/api/hfle/v1/1/storage-configs', {
      storageCode: 'H4_S3',
      storageType: 'S3',
      endpoint: `http://127.0.0.1:${port}`,
      bucketName: 'h4-bucket',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      defaultFlag: 1,
      enabledFlag: 1,
    })
    expect(config.statusCode, config.body).toBe(201)
    const id = config.json().storageConfigId as number
    const failed = await call('admin', 'POST', `/api/hfle/v1/1/storage-tests/${id}`, {})
    expect(failed.statusCode).toBe(400)
    expect(failed.json().message).toMatch(/Storage H4_S3 \(S3\) test failed: S3 put .* HTTP 403/)
    refuse = false
    expect((await call('admin', 'POST', `/api/hfle/v1/1/storage-tests/${id}`, {})).statusCode).toBe(200)
    const url = (await upload(fileParts('h4-s3', 'on-s3.txt', 'stored on S3'))).body
    expect([...objects.keys()].some((key) => key.startsWith('/h4-bucket/s3-'))).toBe(true)
    const download = await call(
      'admin',
      'GET',
      `/api/hfle/v1/1/files/download?url=${encodeURIComponent(url)}`,
    )
    expect(download.body).toBe('stored on S3')
    // Back to local storage: new files go there, the S3 file stays readable.
    await call('admin', 'PUT', '/api/hfle/v1/1/storage-configs', {
      ...config.json<Record<string, unknown>>(),
      defaultFlag: 0,
    })
    const before = objects.size
    await upload(fileParts('h4-s3', 'local.txt', 'local again'))
    expect(objects.size).toBe(before)
    expect(
      (await call('admin', 'GET', `/api/hfle/v1/1/files/download?url=${encodeURIComponent(url)}`)).body,
    ).toBe('stored on S3')
  })
})
