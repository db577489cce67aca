/**
 * Templates and filterable fields of one menu page (CORE-API-16…19): loads both on mount, saves and deletes,
 * and reloads the list after every change. Paths follow the role level ({tenantId} dropped at site level).
 */
import { useCallback, useEffect, useState } from 'react'
import {
  fillPath,
  useRendererEnv,
  type FilterFieldConfig,
  type FilterRow,
  type QueryTemplate,
} from '../../renderer/index'

/** The fixed value-list code of the custom-query field list (CORE-API-17). */
export const QUERY_FIELD_LOV_CODE = 'HPFM.CUSZ_QUERY_FIELD'
const BASE = '/v1/{tenantId}/cusz-query-user-template'

export interface TemplateDraft {
  id?: number
  objectVersionNumber?: number
  templateName: string
  isDefault: 0 | 1
  templateContent: FilterRow[]
}

export function useFilterTemplates(menuId: number, model: string) {
  const env = useRendererEnv()
  const path = fillPath(BASE, { user: env.user })
  const [templates, setTemplates] = useState<QueryTemplate[]>()
  const [fields, setFields] = useState<FilterFieldConfig[]>([])
  const [error, setError] = useState<string>()
  /** Fields and templates both answered (or failed): a default template can be applied. */
  const [ready, setReady] = useState(false)

  const reload = useCallback(async () => {
    const list = await env.request<QueryTemplate[]>({
      method: 'GET',
      service: 'hpfm',
      path: `${path}/current-user-template`,
      params: { menuId },
    })
    setTemplates(list)
    return list
  }, [env, path, menuId])

  useEffect(() => {
    let live = true
    const fieldsRequest = env.request<FilterFieldConfig[]>({
      method: 'GET',
      service: 'hpfm',
      path: `${path}/config-field`,
      params: { menuId, lovCode: QUERY_FIELD_LOV_CODE, model },
      silent: true,
    })
    Promise.all([fieldsRequest, reload()]).then(
      ([list]) => {
        if (!live) return
        setFields(list)
        setReady(true)
      },
      (failure: unknown) => {
        if (!live) return
        setError(failure instanceof Error ? failure.message : String(failure))
        setTemplates((current) => current ?? [])
        setReady(true)
      },
    )
    return () => {
      live = false
    }
  }, [env, path, menuId, model, reload])

  const save = async (draft: TemplateDraft) => {
    const saved = await env.request<QueryTemplate>({
      method: 'POST',
      service: 'hpfm',
      path,
      data: { ...draft, menuId },
    })
    await reload()
    return saved
  }
  const remove = async (template: QueryTemplate) => {
    await env.request({
      method: 'DELETE',
      service: 'hpfm',
      path,
      data: { id: template.id, objectVersionNumber: template.objectVersionNumber },
    })
    await reload()
  }
  return { templates: templates ?? [], fields, error, ready, save, remove }
}
