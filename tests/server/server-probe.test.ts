/**
 * "Test connection" of /hpfm/server-define (server/modules/hpfm-admin/server-probe.ts), on loopback only: a tiny
 * TCP server that writes an SSH banner or an FTP greeting is reported with it; a closed port is REFUSED; a
 * host name that does not resolve is DNS; a port that is not the protocol's, or is silent, is FAILED — the row
 * keeps what happened.
 */
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeServer } from '../../server/modules/hpfm-admin/server-probe.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let token: string
const servers: Server[] = []
const sockets: Socket[] = []

/** A loopback server that writes `greeting` to each connection (nothing: stays silent); its port. */
async function listen(greeting: string | undefined): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket)
    socket.on('error', () => undefined)
    if (greeting !== undefined) socket.write(greeting)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}
/** A loopback port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  await app.close()
})

let serial = 0
/** Defines a server and runs its Test connection; the answer and the row afterwards. */
async function test(protocol: string, host: string, port: number) {
  serial += 1
  const made = await injectAs(app, token, 'POST', '/api/hpfm/v1/1/server-defines', {
    serverCode: `PROBE${serial}`,
    serverName: `Probe ${serial}`,
    protocol,
    host,
    port,
  })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().serverId
  const tested = await injectAs(app, token, 'POST', `/api/hpfm/v1/1/server-define-tests/${id}`)
  expect(tested.statusCode, tested.body).toBe(200)
  const row: Row = (await injectAs(app, token, 'GET', `/api/hpfm/v1/1/server-defines/${id}`)).json()
  return { answer: tested.json() as Row, row }
}

describe('server Test connection', () => {
  it('reports the SSH banner of an SFTP server and keeps it on the row', async () => {
    const port = await listen('SSH-2.0-OpenSSH_9.6 Probe\r\n')
    const { answer, row } = await test('SFTP', '127.0.0.1', port)
    expect(answer).toMatchObject({
      connectionStatus: 'OK',
      outcome: 'CONNECTED',
      banner: 'SSH-2.0-OpenSSH_9.6 Probe',
    })
    expect(answer.message).toMatch(
      new RegExp(`^Connected to 127\\.0\\.0\\.1:${port} in \\d+ ms: SSH-2\\.0-OpenSSH_9\\.6 Probe$`),
    )
    expect(row).toMatchObject({ connectionStatus: 'OK', lastTestMessage: answer.message })
  })

  it('reports the 220 greeting of an FTP server, and refuses another reply', async () => {
    const ftp = await test('FTP', '127.0.0.1', await listen('220 Probe FTP ready\r\n'))
    expect(ftp.answer).toMatchObject({ connectionStatus: 'OK', banner: '220 Probe FTP ready' })
    const busy = await test('FTP', '127.0.0.1', await listen('421 Too many connections\r\n'))
    expect(busy.answer).toMatchObject({ connectionStatus: 'FAILED', outcome: 'NO_GREETING' })
    expect(busy.answer.message).toMatch(/answered '421 Too many connections', not an FTP 220 greeting: check/)
  })

  it('an SFTP port that answers something else, or closes at once, is FAILED, not a success', async () => {
    const http = await test('SFTP', '127.0.0.1', await listen('HTTP/1.1 400 Bad Request\r\n\r\n'))
    expect(http.answer).toMatchObject({ connectionStatus: 'FAILED', outcome: 'NO_GREETING' })
    expect(http.answer.message).toContain("'HTTP/1.1 400 Bad Request', not an SSH banner")
    expect(http.row.connectionStatus).toBe('FAILED')

    const closer = createServer((socket) => socket.end())
    servers.push(closer)
    await new Promise<void>((resolve) => closer.listen(0, '127.0.0.1', resolve))
    const closed = await test('SFTP', '127.0.0.1', (closer.address() as AddressInfo).port)
    expect(closed.answer).toMatchObject({ connectionStatus: 'FAILED', outcome: 'NO_GREETING' })
    expect(closed.answer.message).toMatch(/closed the connection without an SSH banner/)
  })

  it('a closed port is REFUSED, with what to check', async () => {
    const port = await closedPort()
    const { answer, row } = await test('SFTP', '127.0.0.1', port)
    expect(answer).toMatchObject({ connectionStatus: 'FAILED', outcome: 'REFUSED' })
    expect(answer.message).toMatch(/refused the connection \(ECONNREFUSED\).*: check the port/)
    expect(answer).not.toHaveProperty('banner')
    expect(row).toMatchObject({ connectionStatus: 'FAILED', lastTestMessage: answer.message })
  })

  it('a host name that does not resolve is DNS; HTTP is said to be a TCP connection only', async () => {
    const dns = await test('SFTP', 'no-such-host.invalid', 22)
    expect(dns.answer).toMatchObject({ connectionStatus: 'FAILED', outcome: 'DNS' })
    expect(dns.answer.message).toMatch(/no-such-host\.invalid .*: check the host name/)
    const http = await test('HTTP', '127.0.0.1', await listen(undefined))
    expect(http.answer).toMatchObject({ connectionStatus: 'OK', outcome: 'CONNECTED' })
    expect(http.answer.message).toMatch(/TCP only: HTTP itself was not spoken/)
  })

  it('a silent SFTP port is a timeout, not a success (short timeout)', async () => {
    const port = await listen(undefined)
    const result = await probeServer({ protocol: 'SFTP', host: '127.0.0.1', port }, 300)
    expect(result).toMatchObject({ ok: false, outcome: 'TIMEOUT' })
    expect(result.message).toMatch(/no SSH banner came within 0\.3 s: check/)
  })

  it('a server of no row is 404 with the error envelope', async () => {
    const response = await injectAs(app, token, 'POST', '/api/hpfm/v1/1/server-define-tests/987654321')
    const body = expectEnvelope(response, [404])
    expect(body.message).toMatch(/does not exist in this tenant: reload the list/)
  })
})
