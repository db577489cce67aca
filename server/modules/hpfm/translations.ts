/**
 * Translations of multi-language model fields (PLAT-I18N-04..08): a row's `_tls: {field: {zh_CN, en_US, zh_TW}}`
 * is kept per language in hpfm_multi_language; the field's own column holds the value the user typed in
 * their current language (what lists show). Read back with GET /hpfm/v1/multi-language.
 */
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import '../hfle/tables.ts'

export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  en_US: 'English',
  zh_TW: '繁體中文',
}

/** Fields of `model` marked multiLanguage. */
export const multiLanguageFields = (model: ModelSchema) => model.fields.filter((field) => field.multiLanguage)

/** Upserts the `_tls` values of the row's multi-language fields; other fields in `_tls` are ignored. */
export async function saveTranslations(
  db: Db,
  model: ModelSchema,
  session: Session,
  recordId: unknown,
  tls: unknown,
): Promise<void> {
  const fields = multiLanguageFields(model)
  if (!fields.length || !tls || typeof tls !== 'object' || typeof recordId !== 'number') return
  const rows = []
  for (const field of fields) {
    const values = (tls as Record<string, unknown>)[field.name]
    if (values === undefined || values === null) continue
    if (typeof values !== 'object')
      throw badRequest(
        `_tls.${field.name} must be an object of language → text: send e.g. {"zh_CN": "…", "en_US": "…"}.`,
      )
    for (const [lang, value] of Object.entries(values as Record<string, unknown>)) {
      if (!(LANGUAGES as string[]).includes(lang)) {
        throw badRequest(`_tls.${field.name}.${lang}: unknown language; use ${LANGUAGES.join(', ')}.`)
      }
      const text = value === null || value === undefined ? '' : String(value)
      if (field.maxLength && [...text].length > field.maxLength) {
        throw badRequest(
          `_tls.${field.name}.${lang} is longer than ${field.maxLength} characters: shorten it.`,
        )
      }
      rows.push({
        tenantId: session.tenantId,
        tableName: model.table,
        recordId,
        fieldName: field.name,
        lang,
        value: text,
      })
    }
  }
  if (!rows.length) return
  await db
    .insertInto('hpfmMultiLanguage')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'tableName', 'recordId', 'fieldName', 'lang'])
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
    )
    .execute()
}

/** One record per supported language: code, name, value ('' when none is kept). */
export async function readTranslations(
  db: Db,
  tenantId: number,
  table: string,
  recordId: number,
  fieldName: string,
): Promise<Array<{ code: Language; name: string; value: string }>> {
  const rows = await db
    .selectFrom('hpfmMultiLanguage')
    .select(['lang', 'value'])
    .where('tenantId', '=', tenantId)
    .where('tableName', '=', table)
    .where('recordId', '=', recordId)
    .where('fieldName', '=', fieldName)
    .execute()
  return LANGUAGES.map((code) => ({
    code,
    name: LANGUAGE_NAMES[code],
    value: rows.find((row) => row.lang === code)?.value ?? '',
  }))
}

export async function removeTranslations(db: Db, model: ModelSchema, tenantId: number, recordId: unknown) {
  if (!multiLanguageFields(model).length || typeof recordId !== 'number') return
  await db
    .deleteFrom('hpfmMultiLanguage')
    .where('tenantId', '=', tenantId)
    .where('tableName', '=', model.table)
    .where('recordId', '=', recordId)
    .execute()
}
