/**
 * AWS Signature Version 4 (header form) with node:crypto, for the S3-compatible store: no SDK. Pure functions,
 * tested against AWS's published examples (sigv4.test.ts).
 */
import { createHash, createHmac } from 'node:crypto'

export interface Credentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
  service: string
}

export interface SignInput {
  method: string
  /** Absolute path, already URI-encoded per segment (S3: encode each key segment once). */
  path: string
  /** Query parameters (unencoded); sorted and encoded by the signer. */
  query?: Record<string, string>
  /** Headers to sign (must include host); names are lower-cased by the signer. */
  headers: Record<string, string>
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string
  /** 'YYYYMMDDTHHMMSSZ' */
  amzDate: string
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export const amzDateOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

export function canonicalRequest(input: SignInput): { text: string; signedHeaders: string } {
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const signedHeaders = headers.map(([name]) => name).join(';')
  const text = [
    input.method,
    input.path,
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n')
  return { text, signedHeaders }
}

export function signingKey(credentials: Credentials, day: string): Buffer {
  const kDate = hmac(`AWS4${credentials.secretAccessKey}`, day)
  const kRegion = hmac(kDate, credentials.region)
  const kService = hmac(kRegion, credentials.service)
  return hmac(kService, 'aws4_request')
}

/** The Authorization header value, with the pieces it was made from (for tests and debugging). */
export function authorization(credentials: Credentials, input: SignInput) {
  const day = input.amzDate.slice(0, 8)
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`
  const { text, signedHeaders } = canonicalRequest(input)
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(text)].join('\n')
  const signature = createHmac('sha256', signingKey(credentials, day)).update(stringToSign).digest('hex')
  return {
    canonicalRequest: text,
    stringToSign,
    signature,
    header: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}
