/**
 * Upload and link settings of the file service, read from the environment once at start (README.md,
 * "Configuration"). Per-bucket rules in hfle_upload_config override the default size and types.
 */

/** CORE-UPL-04: the default size limit, 31457280 bytes (30 MB). */
export const DEFAULT_MAX_UPLOAD_BYTES = 31_457_280
/** No bucket rule may allow more than this (1 GiB): the multipart parser stops reading beyond it. */
export const UPLOAD_CEILING_BYTES = 1024 * 1024 * 1024

export interface HfleSettings {
  /** Size limit of buckets without a rule (env UPLOAD_MAX_MB, default 30). */
  defaultMaxBytes: number
  /** Lifetime of a signed link in seconds (env FILE_SIGNED_URL_TTL_SECONDS, default 600). */
  signedUrlTtlSeconds: number
  /** HMAC key of signed links (env FILE_SIGNING_KEY); when unset, a random key kept in the database is used. */
  signingKey?: string
}

function positive(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name}='${text}' is not a positive number: set it to a number such as ${fallback}.`)
  }
  return value
}

export function hfleSettings(env: NodeJS.ProcessEnv = process.env): HfleSettings {
  const maxMb = positive(env.UPLOAD_MAX_MB, 'UPLOAD_MAX_MB', DEFAULT_MAX_UPLOAD_BYTES / 1024 / 1024)
  return {
    defaultMaxBytes: Math.min(Math.round(maxMb * 1024 * 1024), UPLOAD_CEILING_BYTES),
    signedUrlTtlSeconds: positive(env.FILE_SIGNED_URL_TTL_SECONDS, 'FILE_SIGNED_URL_TTL_SECONDS', 600),
    signingKey: env.FILE_SIGNING_KEY || undefined,
  }
}

/** "31457280 bytes" → "30" (the N of 'Uploaded file size cannot exceed: N MB'). */
export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024
  return String(mb >= 1 ? Math.round(mb * 100) / 100 : Number(mb.toPrecision(3)))
}
