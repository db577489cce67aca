/** The export task calls of the drawer (CORE-API-35, -36; wire "Export"), all through env.request. */
import {
  fillPath,
  readPage,
  SERVICE_NAMES,
  SERVICE_PREFIX,
  type DownloadResult,
  type ExportSubmitted,
  type ExportTask,
  type ExportTaskState,
  type PageResult,
  type RendererEnv,
  type ServiceName,
} from '../../renderer/index'
import { saveFile } from '../shared/save-file'

export interface TaskSearch {
  taskCode?: string
  taskName?: string
  state?: ExportTaskState
}

type Env = Pick<RendererEnv, 'request' | 'user'>
const tasksPath = (env: Env, rest: string) => fillPath(`/v1/{tenantId}${rest}`, { user: env.user })

export async function listTasks(
  env: Env,
  search: TaskSearch,
  page: number,
  size: number,
): Promise<PageResult<ExportTask>> {
  const body = await env.request({
    method: 'GET',
    service: 'hpfm',
    path: tasksPath(env, '/self/export-task'),
    params: { ...search, page, size },
    silent: true,
  })
  return readPage<ExportTask>(body, { page, size })
}

export const cancelTask = (env: Env, taskCode: string) =>
  env.request<ExportTask>({
    method: 'PUT',
    service: 'hpfm',
    path: tasksPath(env, '/export-task/cancel'),
    data: { taskCode },
    silent: true,
  })

export const retryTask = (env: Env, taskCode: string) =>
  env.request<ExportSubmitted>({
    method: 'POST',
    service: 'hpfm',
    path: tasksPath(env, '/export-task/retry'),
    data: { taskCode },
    silent: true,
  })

/** A downloadUrl names a service prefix and a path (`/hpfm/v1/1/export-task/…/file`): split it for env.request. */
export function splitServiceUrl(url: string): { service: ServiceName; path: string } {
  const relative = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api(?=\/)/, '')
  const service = SERVICE_NAMES.find((name) => relative.startsWith(`${SERVICE_PREFIX[name]}/`))
  if (!service) throw new Error(`Cannot download '${url}': it names no known service prefix.`)
  return { service, path: relative.slice(SERVICE_PREFIX[service].length) }
}

export async function downloadTaskFile(env: Env, task: ExportTask): Promise<string> {
  if (!task.downloadUrl) throw new Error(`Export task ${task.taskCode} has no file to download.`)
  const result = await env.request<DownloadResult>({
    method: 'GET',
    ...splitServiceUrl(task.downloadUrl),
    responseType: 'download',
    silent: true,
  })
  if (result.kind !== 'file') throw new Error('cannot get fileName!')
  saveFile(result.blob, result.fileName)
  return result.fileName
}
