import { join } from 'node:path'
import { localZoneName } from '../renderer/contract/quartz-cron.ts'
import { seedDataDir } from './seed/data.ts'

/** Settings of one server instance; every field has a default so tests pass only what they change. */
export interface AppConfig {
  /** Access-token lifetime in seconds (default 12 h; env TOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number
  /** Consecutive wrong passwords before the account is locked. */
  maxFailedSignIns: number
  /** How long a locked account stays locked, in seconds. */
  lockSeconds: number
  /** Where the model files are read from. */
  modelsDir: string
  /** Where the page files are read from at start (default schemas/pages; env PAGES_DIR in main.ts). */
  pagesDir: string
  /**
   * Live files (issue 22): watch the pages directory and apply each saved page file at once (its route, its
   * menu entry and grants), telling the open browsers to reload it. Env LIVE_SCHEMAS=1|0; default on when the
   * server runs from its sources (`npm run dev`), off from the built bundle (`npm start`, production).
   */
  liveSchemas: boolean
  /**
   * The reference data files (value sets `lookups`, Lov views `lov-views`): what a running database lacks of them
   * is added at start and, with live files on, when one is saved (seed/reference-data.ts).
   */
  seedDataDir: string
  /**
   * Whether the page designer may write page files under pagesDir (PUT /api/hpfm/v1/page-designer/file). Env
   * PAGE_DESIGNER_WRITES=true|false; default on, off when NODE_ENV=production (a deployed server's files are
   * changed through version control unless its operators say otherwise). Off, the designer offers a download.
   */
  pageDesignerWrites: boolean
  /** The built browser app (index.html + assets); not served when the folder does not exist. */
  staticDir: string
  /** Where uploaded and exported files are kept on local disk (default <DATA_DIR>/files). */
  filesDir: string
  /** Requests a minute per client address on public routes (server/plugins/rate-limits.ts; env SIGN_IN_RATE_LIMIT, PUBLIC_RATE_LIMIT). */
  publicRateLimit: { signInPerMinute: number; perMinute: number }
  /** How long a single sign-on provider (CAS, OAuth2 token and userinfo endpoints) may take to answer, in ms. */
  ssoTimeoutMs: number
  /**
   * The zone every scheduled job fires in (IANA name or GMT±h; env SCHEDULER_TIME_ZONE, default the server's
   * own zone): server/README.md "Cron and time zones". The cron editor previews runs in the same zone.
   */
  schedulerTimeZone: string
  /**
   * Origins the app is also served under (behind a proxy that rewrites Host), e.g. `https://wms.example.com`:
   * cookie-authenticated writes from them are accepted besides the request's own Host (plugins/auth.ts;
   * env PUBLIC_ORIGINS, comma separated).
   */
  publicOrigins: string[]
  /**
   * Bounds of one request on the socket (issue 21: every request is answered or closed in bounded time).
   * `headersTimeoutMs`: the headers must arrive within it; `requestTimeoutMs`: the whole request, body included
   * (an upload too), else 408 and the socket is closed; `keepAliveTimeoutMs`: an idle kept-alive socket is
   * closed; `bodyLimit`: bytes of a non-multipart body (uploads have their bucket's limit). A socket that is
   * quiet while its handler works (an export) is not cut: handlers bound their own work.
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; bodyLimit: number }
  /** Clock of the server (ms since epoch); tests move it to expire tokens and locks. */
  now: () => number
}

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    tokenTtlSeconds: Number(process.env.TOKEN_TTL_SECONDS) || 12 * 60 * 60,
    maxFailedSignIns: 5,
    lockSeconds: 10 * 60,
    modelsDir: 'schemas/models',
    pagesDir: 'schemas/pages',
    liveSchemas: envFlag(process.env.LIVE_SCHEMAS) ?? false,
    seedDataDir,
    pageDesignerWrites: process.env.PAGE_DESIGNER_WRITES
      ? process.env.PAGE_DESIGNER_WRITES === 'true'
      : process.env.NODE_ENV !== 'production',
    staticDir: 'dist/app',
    filesDir: join(process.env.DATA_DIR ?? './data', 'files'),
    publicRateLimit: {
      signInPerMinute: Number(process.env.SIGN_IN_RATE_LIMIT) || 60,
      perMinute: Number(process.env.PUBLIC_RATE_LIMIT) || 600,
    },
    ssoTimeoutMs: 5000,
    schedulerTimeZone: process.env.SCHEDULER_TIME_ZONE?.trim() || localZoneName(),
    publicOrigins: (process.env.PUBLIC_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    http: {
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      bodyLimit: 1024 * 1024,
    },
    now: () => Date.now(),
    ...overrides,
  }
}

/** `1`/`true`/`on`/`yes` → true, `0`/`false`/`off`/`no` → false, unset or blank → undefined. */
export function envFlag(value: string | undefined): boolean | undefined {
  const text = value?.trim().toLowerCase()
  if (!text) return undefined
  if (['1', 'true', 'on', 'yes'].includes(text)) return true
  if (['0', 'false', 'off', 'no'].includes(text)) return false
  throw new Error(`LIVE_SCHEMAS='${value}' is not a switch: set it to 1 (on) or 0 (off).`)
}
