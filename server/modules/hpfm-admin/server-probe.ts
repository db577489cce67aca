/**
 * "Test connection" of an outside server (/hpfm/server-define): a real TCP connection to host:port and, for the
 * protocols that greet first, their greeting — never a fake success.
 *
 *   SFTP  reads the first line: an SSH banner (SSH-2.0-…) is OK and reported; anything else, silence or a
 *         closed connection is FAILED (the port is not an SSH server)
 *   FTP   reads the first line: a 220 greeting is OK and reported; another reply (421 …) is FAILED
 *   other (HTTP, DING_TALK, WE_COM) the TCP connection alone: OK says that only TCP was tried
 *
 * Outcomes: CONNECTED, REFUSED (ECONNREFUSED), TIMEOUT (no connection or no greeting within the timeout), DNS
 * (the host name does not resolve), NO_GREETING (connected, but no expected greeting), ERROR (anything else,
 * with the system's code).
 */
import { lookup } from 'node:dns/promises'
import { type Socket, connect, isIP } from 'node:net'

export type ProbeOutcome = 'CONNECTED' | 'REFUSED' | 'TIMEOUT' | 'DNS' | 'NO_GREETING' | 'ERROR'

export interface ProbeResult {
  ok: boolean
  outcome: ProbeOutcome
  /** The first line the server sent (SSH banner, FTP greeting), when one came. */
  banner?: string
  message: string
}

const GREETING_LIMIT = 255
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA'])

/** A line as shown: control characters replaced, at most 200 characters. */
const printable = (line: string) => line.replace(/[\x00-\x1f\x7f]/g, '?').slice(0, 200) // eslint-disable-line no-control-regex -- shown safely

/** The first line of the host's answer, or why there is none (the socket is open). */
function firstLine(
  socket: Socket,
  timeout: number,
): Promise<{ line: string } | { none: 'silent' | 'closed' }> {
  return new Promise((resolve) => {
    let text = ''
    const timer = setTimeout(() => finish({ none: 'silent' }), timeout)
    const finish = (result: { line: string } | { none: 'silent' | 'closed' }) => {
      clearTimeout(timer)
      socket.removeAllListeners('data')
      resolve(result)
    }
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
      const end = text.indexOf('\n')
      if (end >= 0) finish({ line: text.slice(0, end).replace(/\r$/, '') })
      else if (text.length >= GREETING_LIMIT) finish({ line: text.slice(0, GREETING_LIMIT) })
    })
    socket.once('end', () => finish(text ? { line: text } : { none: 'closed' }))
    socket.once('close', () => finish(text ? { line: text } : { none: 'closed' }))
  })
}

/** Tries the server for real; `timeout` (ms) bounds the name lookup, the connection and the greeting each. */
export async function probeServer(
  target: { protocol: string; host: string; port: number },
  timeout = 5000,
): Promise<ProbeResult> {
  const { protocol, host, port } = target
  const where = `${host}:${port}`
  const started = Date.now()
  const took = () => `${Date.now() - started} ms`
  const seconds = `${timeout / 1000} s`

  let address = host
  if (!isIP(host)) {
    let timer: NodeJS.Timeout | undefined
    try {
      const found = await Promise.race([
        lookup(host),
        new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeout))),
      ])
      if (found === 'late')
        return {
          ok: false,
          outcome: 'DNS',
          message: `The host name ${host} did not resolve within ${seconds}: check the host name and the server's DNS.`,
        }
      address = found.address
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'ERROR'
      return {
        ok: false,
        outcome: DNS_CODES.has(code) ? 'DNS' : 'ERROR',
        message: `The host name ${host} does not resolve (${code}): check the host name and the server's DNS.`,
      }
    } finally {
      clearTimeout(timer)
    }
  }

  const socket = connect({ host: address, port })
  socket.on('error', () => undefined)
  try {
    const connected = await new Promise<{ ok: true } | { ok: false; result: ProbeResult }>((resolve) => {
      const timer = setTimeout(
        () =>
          resolve({
            ok: false,
            result: {
              ok: false,
              outcome: 'TIMEOUT',
              message: `No connection to ${where} within ${seconds}: check the host, the port and any firewall between.`,
            },
          }),
        timeout,
      )
      socket.once('connect', () => {
        clearTimeout(timer)
        resolve({ ok: true })
      })
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer)
        const code = error.code ?? error.message
        resolve({
          ok: false,
          result:
            code === 'ECONNREFUSED'
              ? {
                  ok: false,
                  outcome: 'REFUSED',
                  message: `${where} refused the connection (ECONNREFUSED) after ${took()}: check the port and that the server runs.`,
                }
              : {
                  ok: false,
                  outcome: 'ERROR',
                  message: `Cannot connect to ${where} (${code}) after ${took()}: check the host, the port and the network.`,
                },
        })
      })
    })
    if (!connected.ok) return connected.result

    const expected =
      protocol === 'SFTP'
        ? { name: 'an SSH banner', test: (line: string) => line.startsWith('SSH-') }
        : protocol === 'FTP'
          ? { name: 'an FTP 220 greeting', test: (line: string) => /^220[ -]/.test(line) || line === '220' }
          : undefined
    if (!expected)
      return {
        ok: true,
        outcome: 'CONNECTED',
        message: `Connected to ${where} in ${took()} (TCP only: ${protocol} itself was not spoken).`,
      }
    const answer = await firstLine(socket, timeout)
    if ('none' in answer)
      return {
        ok: false,
        outcome: answer.none === 'silent' ? 'TIMEOUT' : 'NO_GREETING',
        message:
          answer.none === 'silent'
            ? `Connected to ${where}, but no ${expected.name.replace(/^an? /, '')} came within ${seconds}: check that the port is the ${protocol} server's.`
            : `Connected to ${where}, but it closed the connection without ${expected.name}: check that the port is the ${protocol} server's.`,
      }
    const banner = printable(answer.line)
    if (!expected.test(answer.line))
      return {
        ok: false,
        outcome: 'NO_GREETING',
        banner,
        message: `Connected to ${where}, but it answered '${banner}', not ${expected.name}: check that the port is the ${protocol} server's.`,
      }
    return {
      ok: true,
      outcome: 'CONNECTED',
      banner,
      message: `Connected to ${where} in ${took()}: ${banner}`,
    }
  } finally {
    socket.destroy()
  }
}
