/** The import engine's calls (server/modules/himp), all through env.request. */
import { fillPath, readPage, type DownloadResult, type RendererEnv } from '../../renderer/index'

type Env = Pick<RendererEnv, 'request' | 'user'>
const at = (env: Env, rest: string) => fillPath(`/v1/{tenantId}${rest}`, { user: env.user })

export interface TemplateColumnInfo {
  columnTitle: string
  fieldName: string
  type: string
  required: boolean
  lookupCode: string | null
  maxLength: number | null
  sampleValue: string | null
}
export interface TemplateInfo {
  templateCode: string
  templateName: string
  targetModel: string
  maxRows: number
  sheets: Array<{ sheetName: string; headerRow: number; columns: TemplateColumnInfo[] }>
}
export interface ImportBatch {
  importId: number
  templateCode: string
  batch: string
  fileName: string
  status: 'VALIDATED' | 'IMPORTING' | 'IMPORTED' | 'FAILED'
  /** Why the last import run of this upload wrote nothing (FAILED). */
  errorMessage?: string | null
  totalCount: number
  errorCount: number
  importedCount: number
  importDate: string
}
/** How far an import is: rows imported (`done`) of the rows that are or were valid (`total`). */
export interface ImportProgress {
  importId: number
  status: ImportBatch['status']
  done: number
  total: number
}
export interface ImportLine {
  lineId: number
  sheetName: string
  rowNumber: number
  dataJson: Record<string, unknown>
  status: 'VALID' | 'ERROR' | 'IMPORTED'
  errorMessage: string | null
  targetId: number | null
}

/** Whether the tenant has a template of exactly this code (a list call: a missing one is an empty answer). */
export async function templateExists(env: Env, code: string): Promise<boolean> {
  const body = await env.request({
    method: 'GET',
    service: 'himp',
    path: at(env, '/templates'),
    params: { templateCode: code, size: 50 },
    silent: true,
  })
  return readPage<{ templateCode: string }>(body, { page: 0, size: 50 }).rows.some(
    (row) => row.templateCode === code,
  )
}

/** The import of a batch uuid, or undefined. */
export async function importByBatch(env: Env, batch: string): Promise<ImportBatch | undefined> {
  const body = await env.request({
    method: 'GET',
    service: 'himp',
    path: at(env, '/imports'),
    params: { batch, size: 1 },
    silent: true,
  })
  return readPage<ImportBatch>(body, { page: 0, size: 1 }).rows[0]
}

export const templateInfo = (env: Env, code: string) =>
  env.request<TemplateInfo>({
    method: 'GET',
    service: 'himp',
    path: at(env, `/import-templates/${encodeURIComponent(code)}`),
    silent: true,
  })

export const templateFile = (env: Env, code: string) =>
  env.request<DownloadResult>({
    method: 'GET',
    service: 'himp',
    path: at(env, `/import-templates/${encodeURIComponent(code)}/excel`),
    responseType: 'download',
  })

export function uploadWorkbook(env: Env, code: string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return env.request<ImportBatch>({
    method: 'POST',
    service: 'himp',
    path: at(env, `/import-templates/${encodeURIComponent(code)}/upload`),
    data: form,
  })
}

export const importBatch = (env: Env, importId: number | string) =>
  env.request<ImportBatch>({
    method: 'GET',
    service: 'himp',
    path: at(env, `/imports/${importId}`),
    silent: true,
  })

export async function importLines(
  env: Env,
  importId: number,
  status: string | undefined,
  page: number,
  size: number,
) {
  const body = await env.request({
    method: 'GET',
    service: 'himp',
    path: at(env, `/import-batches/${importId}/lines`),
    params: { status, page, size, sort: 'rowNumber,asc' },
  })
  return readPage<ImportLine>(body, { page, size })
}

export const fixLine = (env: Env, importId: number, lineId: number, data: Record<string, unknown>) =>
  env.request<ImportLine>({
    method: 'PUT',
    service: 'himp',
    path: at(env, `/import-batches/${importId}/lines/${lineId}`),
    data: { data },
  })

export const runImport = (env: Env, importId: number) =>
  env.request<ImportBatch>({
    method: 'POST',
    service: 'himp',
    path: at(env, `/import-batches/${importId}/import`),
  })

/** How far an import is (polled while it is IMPORTING); silent: a failed poll is tried again. */
export const importProgress = (env: Env, importId: number) =>
  env.request<ImportProgress>({
    method: 'GET',
    service: 'himp',
    path: at(env, `/import-batches/${importId}/progress`),
    silent: true,
  })
