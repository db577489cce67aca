/** Reading a field's translations (PLAT-I18N-06..08) for the multi-language input. */
import { LANGUAGES, type Language, type RendererEnv } from '../../renderer/index'

/** One language's value: code, name, value (PLAT-I18N-08). */
export interface MultiLanguageRecord {
  code: Language
  name: string
  value: string
}

export type LanguageValues = Partial<Record<Language, string>>

export const blankValues = (): LanguageValues => Object.fromEntries(LANGUAGES.map((code) => [code, '']))

/**
 * The stored values of `fieldName` of the record `token` names (GET /hpfm/v1/multi-language, PLAT-I18N-06);
 * `failed` when the read failed and blank values stand in (PLAT-I18N-07).
 */
export async function loadTranslations(
  env: RendererEnv,
  token: string,
  fieldName: string,
): Promise<{ values: LanguageValues; failed: boolean }> {
  try {
    const records = await env.request<MultiLanguageRecord[]>({
      method: 'GET',
      service: 'hpfm',
      path: '/v1/multi-language',
      params: { _token: token, fieldName },
      silent: true,
    })
    const values = blankValues()
    for (const record of records)
      if (LANGUAGES.includes(record.code)) values[record.code] = record.value ?? ''
    return { values, failed: false }
  } catch {
    return { values: blankValues(), failed: true }
  }
}
