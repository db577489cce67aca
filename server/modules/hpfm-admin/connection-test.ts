/** Tries a data source for real (data-source "Test connection"): never a fake success. */
import pg from 'pg'

export interface ConnectionTarget {
  dsType: string
  url: string
  username: string | null
  passwordEnv: string | null
}

const TIMEOUT = 5000

export async function testConnection(target: ConnectionTarget): Promise<{ ok: boolean; message: string }> {
  const started = Date.now()
  try {
    if (target.dsType === 'POSTGRESQL') {
      const password = target.passwordEnv ? process.env[target.passwordEnv] : undefined
      if (target.passwordEnv && password === undefined)
        return {
          ok: false,
          message: `The server has no environment variable ${target.passwordEnv}: set it, or clear the field.`,
        }
      const client = new pg.Client({
        connectionString: target.url,
        ...(target.username ? { user: target.username } : {}),
        ...(password !== undefined ? { password } : {}),
        connectionTimeoutMillis: TIMEOUT,
        query_timeout: TIMEOUT,
      })
      client.on('error', () => undefined)
      try {
        await client.connect()
        const result = await client.query<{ version: string }>('select version() as version')
        return {
          ok: true,
          message: `Connected in ${Date.now() - started} ms: ${result.rows[0]?.version ?? ''}`.slice(0, 480),
        }
      } finally {
        await client.end().catch(() => undefined)
      }
    }
    if (target.dsType === 'HTTP') {
      const response = await fetch(target.url, {
        method: 'GET',
        signal: AbortSignal.timeout(TIMEOUT),
        redirect: 'manual',
      })
      const ok = response.status < 500
      return { ok, message: `HTTP ${response.status} ${response.statusText} in ${Date.now() - started} ms` }
    }
    return { ok: false, message: `Unknown type ${target.dsType}: use POSTGRESQL or HTTP.` }
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message
    const message = `${(error as Error).message}${cause ? ` (${cause})` : ''}`
    return { ok: false, message: `Failed after ${Date.now() - started} ms: ${message}`.slice(0, 480) }
  }
}
