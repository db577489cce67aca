/**
 * A small SMTP client over node:net / node:tls: enough to test a server (greeting, EHLO, STARTTLS, AUTH LOGIN)
 * and to send a plain-text mail. Every failure is thrown with the step and the server's reply, never hidden.
 */
import { connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'

export interface SmtpSettings {
  host: string
  port: number
  securityType: 'SSL' | 'STARTTLS' | 'NONE'
  username?: string | null
  password?: string | null
  fromAddress: string
  timeoutMs?: number
}

export interface Mail {
  to: string[]
  subject: string
  text: string
}

class SmtpSession {
  private buffer = ''
  private waiting: ((line: string) => void) | undefined
  private failure: Error | undefined
  private failed: Promise<never>

  constructor(
    private socket: Socket | TLSSocket,
    private readonly settings: SmtpSettings,
  ) {
    let reject: (error: Error) => void = () => undefined
    this.failed = new Promise<never>((_, r) => (reject = r))
    this.failed.catch(() => undefined)
    this.attach(socket, reject)
  }

  private attach(socket: Socket | TLSSocket, reject: (error: Error) => void) {
    socket.setEncoding('utf8')
    socket.setTimeout(this.settings.timeoutMs ?? 10000, () => {
      this.failure = new Error(
        `no answer from ${this.settings.host}:${this.settings.port} within ${(this.settings.timeoutMs ?? 10000) / 1000} s`,
      )
      reject(this.failure)
      socket.destroy()
    })
    socket.on('data', (chunk: string) => {
      this.buffer += chunk
      this.flush()
    })
    socket.on('error', (error: Error) => {
      this.failure = error
      reject(error)
    })
    socket.on('close', () => {
      this.failure ??= new Error(`${this.settings.host} closed the connection`)
      reject(this.failure)
    })
  }

  private flush() {
    // A reply is complete at a line "NNN text" (a "NNN-" line continues it).
    const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buffer)
    if (!match || !this.waiting) return
    const end = match.index + match[0].length
    const reply = this.buffer.slice(0, end).trim()
    this.buffer = this.buffer.slice(end)
    const waiting = this.waiting
    this.waiting = undefined
    waiting(reply)
  }

  /** The next reply; throws unless its code is one of `expected`. */
  async reply(step: string, expected: number[]): Promise<string> {
    const reply = await Promise.race([
      new Promise<string>((resolve) => {
        this.waiting = resolve
        this.flush()
      }),
      this.failed,
    ])
    const code = Number(reply.slice(0, 3))
    if (!expected.includes(code))
      throw new Error(`${step}: the server answered "${reply.replace(/\r\n/g, ' ')}"`)
    return reply
  }

  async command(line: string, step: string, expected: number[]) {
    this.socket.write(`${line}\r\n`)
    return this.reply(step, expected)
  }

  async startTls() {
    const plain = this.socket
    plain.removeAllListeners('data')
    plain.removeAllListeners('close')
    plain.removeAllListeners('error')
    const secure = tlsConnect({ socket: plain, servername: this.settings.host })
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve)
      secure.once('error', reject)
    })
    this.socket = secure
    let reject: (error: Error) => void = () => undefined
    const failed = new Promise<never>((_, r) => (reject = r))
    failed.catch(() => undefined)
    this.failed = failed
    this.attach(secure, reject)
  }

  close() {
    this.socket.end('QUIT\r\n')
    this.socket.destroy()
  }
}

async function open(settings: SmtpSettings): Promise<SmtpSession> {
  const options = { host: settings.host, port: settings.port }
  const socket =
    settings.securityType === 'SSL'
      ? tlsConnect({ ...options, servername: settings.host })
      : netConnect(options)
  const session = new SmtpSession(socket, settings)
  try {
    await session.reply('greeting', [220])
    await session.command(`EHLO wms.local`, 'EHLO', [250])
    if (settings.securityType === 'STARTTLS') {
      await session.command('STARTTLS', 'STARTTLS', [220])
      await session.startTls()
      await session.command(`EHLO wms.local`, 'EHLO after STARTTLS', [250])
    }
    if (settings.username) {
      await session.command('AUTH LOGIN', 'AUTH LOGIN', [334])
      await session.command(Buffer.from(settings.username).toString('base64'), 'AUTH user name', [334])
      await session.command(Buffer.from(settings.password ?? '').toString('base64'), 'AUTH password', [235])
    }
    return session
  } catch (error) {
    session.close()
    throw error
  }
}

const describe = (settings: SmtpSettings, error: unknown) => {
  const err = error as NodeJS.ErrnoException
  const detail = err.code ? `${err.code} ${err.message}` : err.message
  return new Error(`SMTP ${settings.host}:${settings.port} (${settings.securityType}): ${detail}`)
}

/** Connects, greets, upgrades and authenticates as configured, then quits. Throws the real failure. */
export async function testSmtp(settings: SmtpSettings): Promise<string> {
  try {
    const session = await open(settings)
    session.close()
    return `SMTP ${settings.host}:${settings.port} accepted the connection${settings.username ? ' and the login' : ''}.`
  } catch (error) {
    throw describe(settings, error)
  }
}

/** Sends one plain-text mail to every address of `mail.to`. */
export async function sendMail(settings: SmtpSettings, mail: Mail): Promise<void> {
  let session: SmtpSession | undefined
  try {
    session = await open(settings)
    await session.command(`MAIL FROM:<${settings.fromAddress}>`, 'MAIL FROM', [250])
    for (const to of mail.to) await session.command(`RCPT TO:<${to}>`, `RCPT TO ${to}`, [250, 251])
    await session.command('DATA', 'DATA', [354])
    const subject = `=?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`
    const body = mail.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')
    const message = [
      `From: <${settings.fromAddress}>`,
      `To: ${mail.to.map((to) => `<${to}>`).join(', ')}`,
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
      '.',
    ].join('\r\n')
    await session.command(message, 'message body', [250])
  } catch (error) {
    throw describe(settings, error)
  } finally {
    session?.close()
  }
}
