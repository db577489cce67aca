/**
 * The languages the header's language menu and the personal centre offer: the values of HPFM.LANGUAGE
 * (/hpfm/languages) in their order and under their names, limited to the languages the app has texts for
 * (LANGUAGES). Until the set is read, or when it names none of them, every language the app has is offered.
 */
import { useEffect, useState } from 'react'
import { LANGUAGES, tenantPath, type Language, type LookupValue } from '../../renderer/contract/wire'
import { useServices, useSession } from '../stores/contexts'

export interface OfferedLanguage {
  code: Language
  /** The value set's name; absent: the app's own name of the language (lang.<code>). */
  name?: string
}

export const LANGUAGE_SET = 'HPFM.LANGUAGE'

export function offeredLanguages(values: LookupValue[] | undefined): OfferedLanguage[] {
  const offered = (values ?? [])
    .filter((v) => (LANGUAGES as string[]).includes(v.value))
    .map((v) => ({ code: v.value as Language, ...(v.meaning ? { name: v.meaning } : {}) }))
  return offered.length ? offered : LANGUAGES.map((code) => ({ code }))
}

export function useOfferedLanguages(): OfferedLanguage[] {
  const { http } = useServices()
  const { user } = useSession()
  const [values, setValues] = useState<LookupValue[] | undefined>()
  useEffect(() => {
    let live = true
    http
      .request<Record<string, LookupValue[] | undefined>>({
        method: 'GET',
        service: 'hpfm',
        path: tenantPath(user.currentRoleLevel, user.tenantId, '/lovs/value/batch'),
        params: { [LANGUAGE_SET]: LANGUAGE_SET },
        silent: true,
      })
      .then(
        (body) => live && setValues(Array.isArray(body?.[LANGUAGE_SET]) ? body[LANGUAGE_SET] : []),
        // Without the set, every language the app has is offered.
        () => undefined,
      )
    return () => {
      live = false
    }
  }, [http, user.currentRoleLevel, user.tenantId, user.language])
  return offeredLanguages(values)
}
