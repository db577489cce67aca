/**
 * Runs an export (CORE-EXP-11..13; wire "Export"): the list URL with exportType=DATA, the chosen column ids,
 * the options and, unless switched off, the page's filters. Sync downloads the file through the HTTP client;
 * async (or a server that answers JSON instead of a file) resolves with the task's uuid.
 */
import {
  stripEmpty,
  type DownloadResult,
  type ExportDataParams,
  type ExportScreenColumn,
  type RendererEnv,
  type ServiceName,
} from '../../renderer/index'
import { saveFile } from '../shared/save-file'
import { screenColumnsParams } from './screen-columns'

export type ExportOutcome = { kind: 'downloaded'; fileName: string } | { kind: 'submitted'; uuid: string }

export interface ExportRun {
  service: ServiceName
  path: string
  filters: Record<string, unknown>
  options: Omit<ExportDataParams, 'exportType'>
  /** The screen's columns the ids refer to (issue 19); absent: the model's fields. */
  screen?: ExportScreenColumn[]
}

/** The query string of exportType=DATA: ids travel comma-separated (Spring and our server read both forms). */
export function exportParams({
  filters,
  options,
  screen,
}: Pick<ExportRun, 'filters' | 'options' | 'screen'>) {
  return {
    ...stripEmpty(filters),
    exportType: 'DATA',
    ...options,
    ids: options.ids.join(','),
    ...screenColumnsParams(screen),
  }
}

function uuidOf(body: unknown): string {
  const uuid = (body as { uuid?: unknown } | null)?.uuid
  if (typeof uuid !== 'string' || !uuid) {
    throw new Error(`The server did not answer a task uuid: ${JSON.stringify(body).slice(0, 120)}`)
  }
  return uuid
}

export async function runExport(env: Pick<RendererEnv, 'request'>, run: ExportRun): Promise<ExportOutcome> {
  const request = {
    method: 'GET',
    service: run.service,
    path: run.path,
    params: exportParams(run),
    silent: true,
  } as const
  if (run.options.async) return { kind: 'submitted', uuid: uuidOf(await env.request(request)) }
  const result = await env.request<DownloadResult>({ ...request, responseType: 'download' })
  if (result.kind === 'json') return { kind: 'submitted', uuid: uuidOf(result.body) }
  saveFile(result.blob, result.fileName)
  return { kind: 'downloaded', fileName: result.fileName }
}
