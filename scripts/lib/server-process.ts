import { spawn, type ChildProcess } from 'node:child_process'

/** The real server (server/main.ts) as a child process on a free loopback port. */
export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything it printed, for failure messages. */
  output: () => string
  /** SIGKILL: no shutdown hook runs, as when the machine loses power or the OOM killer strikes. */
  kill: () => Promise<void>
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>
}

export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 150_000,
  /** Node options before the server's own (e.g. the soak test's --expose-gc and its preload). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TEST_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output.slice(-3000)}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = output.match(/WMS server ready at (http:\/\/\S+)/)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({
          url,
          child,
          output: () => output,
          kill: () => ended('SIGKILL'),
          stop: () => ended('SIGTERM'),
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The server exited before it was ready (${code ?? signal}):\n${output.slice(-3000)}`))
    })
  })
}

/** Signs in over HTTP through the sign-in form and answers the access token. */
export async function signInOverHttp(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/oauth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: login,
      password,
      client_id: 'localhost',
      redirect_uri: `${baseUrl}/`,
      language: 'en_US',
    }),
  })
  const location = response.headers.get('location') ?? ''
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token')
  if (!token) throw new Error(`Sign-in of ${login} failed: HTTP ${response.status} ${location}`)
  return token
}
