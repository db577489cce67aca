/** Label template calls: the model row (hrpt/labelTemplate), its data by code, saving the elements. */
import { fillPath, readPage, type RendererEnv } from '../../renderer/index'
import type { LabelElement } from './label-elements'

type Env = Pick<RendererEnv, 'request' | 'user'>
const at = (env: Env, rest: string) => fillPath(`/v1/{tenantId}${rest}`, { user: env.user })

export interface LabelTemplate {
  labelTemplateId: number
  objectVersionNumber: number
  templateCode: string
  templateName: string
  templateWidth: number
  templateHigh: number
  datasetCode: string | null
  elementsJson: unknown
  params?: Array<{
    paramName: string
    paramLabel: string
    paramType: string
    required: boolean
    defaultValue: string | null
  }>
}
export interface LabelData {
  columns: string[]
  rows: Array<Record<string, unknown>>
  truncated: boolean
}

export const labelById = (env: Env, id: string) =>
  env.request<LabelTemplate>({
    method: 'GET',
    service: 'hrpt',
    path: at(env, `/label-templates/${encodeURIComponent(id)}`),
    silent: true,
  })

export const labelByCode = (env: Env, code: string) =>
  env.request<LabelTemplate>({
    method: 'GET',
    service: 'hrpt',
    path: at(env, `/labels/${encodeURIComponent(code)}`),
    silent: true,
  })

export const labelData = (env: Env, code: string, params: Record<string, unknown>) =>
  env.request<LabelData>({
    method: 'POST',
    service: 'hrpt',
    path: at(env, `/labels/${encodeURIComponent(code)}/data`),
    data: { params },
  })

export const saveElements = (env: Env, label: LabelTemplate, elements: LabelElement[]) =>
  env.request<LabelTemplate>({
    method: 'PUT',
    service: 'hrpt',
    path: at(env, '/label-templates'),
    data: {
      labelTemplateId: label.labelTemplateId,
      objectVersionNumber: label.objectVersionNumber,
      elementsJson: elements,
    },
  })

/** Whether the tenant has a label template of exactly this code (a missing one is an empty list answer). */
export async function labelExists(env: Env, code: string): Promise<boolean> {
  const body = await env.request({
    method: 'GET',
    service: 'hrpt',
    path: at(env, '/label-templates'),
    params: { templateCode: code, size: 50 },
    silent: true,
  })
  return readPage<{ templateCode: string }>(body, { page: 0, size: 50 }).rows.some(
    (row) => row.templateCode === code,
  )
}

/** Records the print on the server (wms print-records/record) before the print dialog opens. */
export const recordLabelPrint = (
  env: Env,
  code: string,
  params: Record<string, unknown>,
  labelCount: number,
) =>
  env.request<Record<string, unknown>>({
    method: 'POST',
    service: 'wms',
    path: at(env, '/print-records/record'),
    data: { printType: 'LABEL', templateCode: code, params, labelCount, copies: 1 },
  })
