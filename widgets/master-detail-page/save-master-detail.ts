/**
 * Saving a master-detail page: the header (create, or update with its objectVersionNumber), then each line
 * table's changes in one `POST <lines path>/batch-save` with `_status`. The calls run in that order; when one
 * fails the page keeps every unsaved change and says what happened — a 409 (someone else saved first) asks
 * the user to reload.
 */
import type { Form } from '@formily/core'
import { ApiError, type DataSource, type RendererEnv, type Row } from '../../renderer/index'
import { stripArrayIndex } from '../shared/strip-array-index'
import { batchOf, type LineState } from './line-changes'

export interface DetailTarget {
  key: string
  parentField: string
  service: Parameters<RendererEnv['request']>[0]['service']
  /** Collection path of the lines, placeholders filled. */
  path: string
  lines: LineState
}

export type SaveOutcome =
  { ok: true; header: Row } | { ok: false; conflict?: string; message?: string; header?: Row }

export async function saveMasterDetail(options: {
  env: RendererEnv
  form: Form
  header: Row | undefined
  headerSource: DataSource
  primaryKey: string
  details: DetailTarget[]
}): Promise<SaveOutcome> {
  const { env, form, header, headerSource, primaryKey, details } = options
  try {
    await form.validate()
  } catch {
    return { ok: false } // the fields show what is wrong
  }
  let saved: Row | undefined = header
  try {
    const values = stripArrayIndex({ ...form.values }) as Row
    saved = header ? await headerSource.update({ ...header, ...values }) : await headerSource.create(values)
    const id = saved[primaryKey]
    for (const detail of details) {
      const rows = batchOf(detail.lines, detail.parentField, id)
      if (!rows.length) continue
      await env.request({
        method: 'POST',
        service: detail.service,
        path: `${detail.path}/batch-save`,
        data: rows,
        silent: true,
      })
    }
    return { ok: true, header: saved }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof ApiError && error.status === 409)
      return { ok: false, conflict: message, header: saved }
    if (error instanceof ApiError && error.fields) {
      for (const [name, text] of Object.entries(error.fields)) {
        const field = form.query(name.replace(/^\//, '')).take()
        if (field && 'setSelfErrors' in field) field.setSelfErrors([text])
      }
    }
    return { ok: false, message, header: saved }
  }
}
