/**
 * What Fastify and Node answer by themselves (issue 21: a path segment over 100 characters, an unknown method,
 * oversized headers, bad JSON, a content type nobody parses, a missing route), said in the error envelope in
 * the caller's language: the session's, else the Accept-Language header's, else English. Each text says what
 * was wrong and what to send instead.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyRequest } from 'fastify'
import type { ErrorEnvelope, Language } from '../../renderer/contract/wire.ts'
import { AppError } from '../errors.ts'

type Texts = Record<Language, string>

const TEXTS = {
  not_found: {
    en_US: 'No endpoint {method} {path}: check the path and method.',
    zh_CN: '没有接口 {method} {path}：请检查路径和请求方法。',
    zh_TW: '沒有介面 {method} {path}：請檢查路徑和請求方法。',
  },
  path_too_long: {
    en_US: 'A segment of the path is longer than {max} characters: ids and codes are shorter, check the URL.',
    zh_CN: '路径中有一段超过 {max} 个字符：ID 和编码都更短，请检查 URL。',
    zh_TW: '路徑中有一段超過 {max} 個字元：ID 和編碼都更短，請檢查 URL。',
  },
  bad_url: {
    en_US: 'The URL is not valid: encode special characters in the path with percent-encoding (%XX).',
    zh_CN: 'URL 无效：路径中的特殊字符请用百分号编码（%XX）。',
    zh_TW: 'URL 無效：路徑中的特殊字元請用百分號編碼（%XX）。',
  },
  invalid_json: {
    en_US: 'The body is not valid JSON although Content-Type says application/json: send a JSON document.',
    zh_CN: '请求体不是有效的 JSON（Content-Type 为 application/json）：请发送 JSON 文档。',
    zh_TW: '請求體不是有效的 JSON（Content-Type 為 application/json）：請傳送 JSON 文件。',
  },
  empty_json: {
    en_US:
      'The body is empty although Content-Type says application/json: send a JSON document or no Content-Type.',
    zh_CN: '请求体为空，但 Content-Type 为 application/json：请发送 JSON 文档或去掉 Content-Type。',
    zh_TW: '請求體為空，但 Content-Type 為 application/json：請傳送 JSON 文件或去掉 Content-Type。',
  },
  media_type: {
    en_US:
      'Content-Type {type} is not accepted: send application/json (file uploads: multipart/form-data with a boundary).',
    zh_CN:
      '不接受 Content-Type {type}：请发送 application/json（上传文件用带 boundary 的 multipart/form-data）。',
    zh_TW:
      '不接受 Content-Type {type}：請傳送 application/json（上傳檔案用帶 boundary 的 multipart/form-data）。',
  },
  body_too_large: {
    en_US: 'The body is larger than {limit} bytes: send less data (files go through the file upload).',
    zh_CN: '请求体超过 {limit} 字节：请减少数据（文件请用文件上传）。',
    zh_TW: '請求體超過 {limit} 位元組：請減少資料（檔案請用檔案上傳）。',
  },
  content_length: {
    en_US: 'The body is not as long as its Content-Length says: send the exact length of the body.',
    zh_CN: '请求体长度与 Content-Length 不符：请发送正确的长度。',
    zh_TW: '請求體長度與 Content-Length 不符：請傳送正確的長度。',
  },
  header_overflow: {
    en_US: 'The request headers are too large: send fewer or shorter headers (cookies, tokens).',
    zh_CN: '请求头过大：请减少或缩短请求头（Cookie、令牌）。',
    zh_TW: '請求標頭過大：請減少或縮短請求標頭（Cookie、權杖）。',
  },
  timeout: {
    en_US: 'The request did not arrive in time: send the whole request (headers and body) without pausing.',
    zh_CN: '请求未在限定时间内到达：请不间断地发送完整请求（请求头和请求体）。',
    zh_TW: '請求未在限定時間內到達：請不間斷地傳送完整請求（標頭和請求體）。',
  },
  bad_http: {
    en_US:
      'The request is not valid HTTP (unknown method or malformed request line or header): use GET, POST, PUT, PATCH or DELETE with well-formed headers.',
    zh_CN:
      '请求不是有效的 HTTP（未知方法或请求行、请求头格式错误）：请使用 GET、POST、PUT、PATCH 或 DELETE 及正确的请求头。',
    zh_TW:
      '請求不是有效的 HTTP（未知方法或請求行、標頭格式錯誤）：請使用 GET、POST、PUT、PATCH 或 DELETE 及正確的標頭。',
  },
  multipart: {
    en_US:
      'The multipart body cannot be read (no boundary in Content-Type, or the body ends before its closing boundary): send multipart/form-data with a boundary and the whole body.',
    zh_CN:
      '无法读取 multipart 请求体（Content-Type 中没有 boundary，或请求体在结束边界之前就结束了）：请发送带 boundary 的完整 multipart/form-data。',
    zh_TW:
      '無法讀取 multipart 請求體（Content-Type 中沒有 boundary，或請求體在結束邊界之前就結束了）：請傳送帶 boundary 的完整 multipart/form-data。',
  },
} satisfies Record<string, Texts>

/**
 * An error of the multipart parser (@fastify/busboy) about the body itself: no boundary, a part or the body
 * cut short. Its messages are its only marker; the caller's input, so a 400.
 */
export const isMultipartError = (error: unknown) =>
  error instanceof Error &&
  /^Multipart: Boundary not found$|^Boundary required$|terminated early|^Unexpected end of multipart data$/.test(
    error.message,
  )

/** The 400 of a multipart body that cannot be read, in the caller's language. */
export const unreadableMultipart = (request: FastifyRequest) =>
  new AppError(400, 'error.multipart', frameworkText('multipart', languageOf(request)))

export type FrameworkText = keyof typeof TEXTS

/** The language of an Accept-Language header, or undefined when it names none of ours. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  const accepted = (header ?? '').trim().toLowerCase()
  if (/^zh-(tw|hk|mo|hant)/.test(accepted)) return 'zh_TW'
  if (accepted.startsWith('zh')) return 'zh_CN'
  if (accepted.startsWith('en')) return 'en_US'
  return undefined
}

/** The caller's language: the session's, else Accept-Language's, else English. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language']
  return (
    request.session?.language ?? acceptedLanguage(typeof header === 'string' ? header : undefined) ?? 'en_US'
  )
}

export function frameworkText(
  key: FrameworkText,
  language: Language,
  vars: Record<string, string | number> = {},
): string {
  return TEXTS[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''))
}

/** The envelope's code and text of a 4xx Fastify raised itself, or undefined for others. */
export function describeFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
): { code: string; message: string } | undefined {
  const language = languageOf(request)
  const say = (key: FrameworkText, vars: Record<string, string | number> = {}) => ({
    code: `error.${key}`,
    message: frameworkText(key, language, vars),
  })
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return say('invalid_json')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return say('empty_json')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return say('media_type', { type: String(request.headers['content-type'] ?? '(none)').slice(0, 100) })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return say('body_too_large', { limit: request.server.initialConfig.bodyLimit ?? 0 })
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return say('content_length')
    case 'FST_ERR_BAD_URL':
      return say('bad_url')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return say('path_too_long', { max: request.server.initialConfig.maxParamLength ?? 100 })
    default:
      // A JSON syntax error of the parser (also __proto__ keys): 400 with the parser's own words.
      if (error instanceof SyntaxError) return say('invalid_json')
      return undefined
  }
}

/**
 * The basic security headers of every answer (plugins/security-headers.ts adds them in onSend), for the
 * answers given before any route context and its hooks exist: the frameworkErrors ones and the raw ones below.
 */
export const BASIC_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}
const RAW_HEADERS = Object.entries(BASIC_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')

/**
 * The server's clientError handler: Node found no valid request on the socket (headers too large, an unknown
 * method, a malformed line, a request not received within requestTimeout/headersTimeout). There is no
 * request for Fastify to answer, so the envelope is written on the socket, which is then closed.
 */
export function clientErrorAnswer(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, key]: [number, FrameworkText] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'header_overflow']
        : [400, 'bad_http']
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : ''
  const language = acceptedLanguage(/\r\naccept-language:([^\r\n]*)/i.exec(raw)?.[1]) ?? 'en_US'
  const envelope: ErrorEnvelope = {
    failed: true,
    type: 'error',
    code: `error.${key}`,
    message: frameworkText(key, language),
    requestId: '',
  }
  envelope.detailsMessage = envelope.message
  const body = Buffer.from(JSON.stringify(envelope))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${body.length}\r\n${RAW_HEADERS}Connection: close\r\n\r\n`,
    )
    socket.write(body)
  }
  socket.destroy()
}
