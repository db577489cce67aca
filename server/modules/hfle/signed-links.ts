/**
 * Signed download links (CORE-API-22): `/api/hfle/v1/pub/files/signed?file=<id>&tenant=<t>&expires=<unix s>
 * &signature=<hex>` downloads without a token until `expires`. The HMAC-SHA256 covers file, tenant and
 * expiry, so changing any of them (or the signature) is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/schema.ts'

export const SIGNED_PATH = '/api/hfle/v1/pub/files/signed'
const KEY_NAME = 'hfle.signing-key'

export interface SignedParts {
  file: number
  tenant: number
  expires: number
}

const digest = (key: string, parts: SignedParts) =>
  createHmac('sha256', key).update(`${parts.file}:${parts.tenant}:${parts.expires}`).digest('hex')

export function signedLink(key: string, parts: SignedParts): string {
  const query = new URLSearchParams({
    file: String(parts.file),
    tenant: String(parts.tenant),
    expires: String(parts.expires),
    signature: digest(key, parts),
  })
  return `${SIGNED_PATH}?${query.toString()}`
}

/** Why a link is refused, or undefined when it is good at `nowSeconds`. */
export function checkSignedLink(
  key: string,
  parts: SignedParts,
  signature: string,
  nowSeconds: number,
): string | undefined {
  const expected = Buffer.from(digest(key, parts), 'hex')
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'The link is not valid (its signature does not match): ask for a new download link.'
  }
  if (parts.expires <= nowSeconds) {
    return `The link expired at ${new Date(parts.expires * 1000).toISOString()}: ask for a new download link.`
  }
  return undefined
}

/**
 * The signing key: FILE_SIGNING_KEY when set, else a random key created once and kept in app_meta, so links
 * stay valid across restarts and every instance on the same database agrees.
 */
export async function signingKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insertInto('appMeta')
    .values({ key: KEY_NAME, value: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('appMeta')
    .select('value')
    .where('key', '=', KEY_NAME)
    .executeTakeFirstOrThrow()
  return row.value
}
