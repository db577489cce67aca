/**
 * Saving a record from a Formily form: values cleaned of Formily's array index, create or update (with the
 * row's id and objectVersionNumber); a 400 puts the server's `fields` messages on the fields, other failures
 * (409 stale or duplicate) show the message and keep the user's input.
 */
import type { Form } from '@formily/core'
import {
  ApiError,
  type DataSource,
  type RendererEnv,
  type Row,
  type TextResolver,
} from '../../renderer/index'
import { stripArrayIndex } from '../shared/strip-array-index'

export type SaveMode = 'create' | 'edit'

export async function saveRecord(options: {
  form: Form
  mode: SaveMode
  record?: Row
  dataSource: DataSource
  env: RendererEnv
  t: TextResolver
}): Promise<Row | undefined> {
  const { form, mode, record, dataSource, env, t } = options
  try {
    await form.validate()
  } catch {
    return undefined // the fields show what is wrong
  }
  const values = stripArrayIndex({ ...form.values }) as Row
  try {
    const saved =
      mode === 'create' ? await dataSource.create(values) : await dataSource.update({ ...record, ...values })
    env.notify.success(t('common.message.saved'))
    return saved
  } catch (error) {
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
      const unplaced: string[] = []
      for (const [name, message] of Object.entries(error.fields)) {
        const field = form.query(name.replace(/^\//, '')).take()
        if (field && 'setSelfErrors' in field) field.setSelfErrors([message])
        else unplaced.push(message)
      }
      env.notify.error(unplaced.length ? unplaced.join('; ') : error.message)
    } else {
      env.notify.error(error instanceof Error ? error.message : String(error))
    }
    return undefined
  }
}
