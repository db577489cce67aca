/**
 * Saving a master-detail page: ONE `POST <header path>/with-lines` carrying the header (create, or update
 * with its objectVersionNumber) and each line table's changes with `_status`; the server saves them in one
 * transaction, so a failure leaves nothing half-saved. When it fails the page keeps every unsaved change and
 * says what happened — a 409 (someone else saved first) asks the user to reload.
 */
import type { Form } from '@formily/core'
import { ApiError, type DataSource, type RendererEnv, type Row } from '../../renderer/index'
import { stripArrayIndex } from '../shared/strip-array-index'
import { batchOf, type LineState } from './line-changes'

type Service = Parameters<RendererEnv['request']>[0]['service']

export interface DetailTarget {
  key: string
  parentField: string
  service: Service
  /** Collection path of the lines, placeholders filled. */
  path: string
  lines: LineState
}

export type SaveOutcome = { ok: true; header: Row } | { ok: false; conflict?: string; message?: string }

/** `/v1/1/transfer-order-lines` → `transfer-order-lines`: the model resource the server resolves. */
export const resourceOf = (path: string) => path.replace(/^\/v1\/(\d+\/)?/, '')

/** The body of `with-lines`: only tables with changes travel; new lines get their header id on the server. */
export function withLinesBody(header: Row, headerId: unknown, details: DetailTarget[]) {
  return {
    header,
    lines: details
      .map((detail) => ({
        key: detail.key,
        resource: resourceOf(detail.path),
        parentField: detail.parentField,
        rows: batchOf(detail.lines, detail.parentField, headerId),
      }))
      .filter((table) => table.rows.length > 0),
  }
}

export async function saveMasterDetail(options: {
  env: RendererEnv
  form: Form
  header: Row | undefined
  headerSource: DataSource
  headerService: Service
  primaryKey: string
  details: DetailTarget[]
}): Promise<SaveOutcome> {
  const { env, form, header, headerSource, headerService, primaryKey, details } = options
  const elsewhere = details.find((detail) => detail.service !== headerService)
  if (elsewhere) {
    return {
      ok: false,
      message: `Line table ${elsewhere.key} is served by ${elsewhere.service}, the header by ${headerService}: a master-detail page saves both in one transaction of one service.`,
    }
  }
  try {
    await form.validate()
  } catch {
    return { ok: false } // the fields show what is wrong
  }
  try {
    const values = stripArrayIndex({ ...form.values }) as Row
    const saved = await env.request<{ header: Row }>({
      method: 'POST',
      service: headerService,
      path: `${headerSource.path}/with-lines`,
      data: withLinesBody(header ? { ...header, ...values } : values, header?.[primaryKey], details),
      silent: true,
    })
    return { ok: true, header: saved.header }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof ApiError && error.status === 409) return { ok: false, conflict: message }
    if (error instanceof ApiError && error.fields) {
      for (const [name, text] of Object.entries(error.fields)) {
        // Header problems come as header/<field>; line problems name the line in the message.
        const field = name.startsWith('header/') ? form.query(name.slice('header/'.length)).take() : undefined
        if (field && 'setSelfErrors' in field) field.setSelfErrors([text])
      }
    }
    return { ok: false, message }
  }
}
