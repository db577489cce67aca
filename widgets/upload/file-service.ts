/**
 * Calls of the file service (wire contract "Files") made by the Upload widget: attachment groups, uploads as
 * multipart forms with a `file` part (CORE-UPL-01, CORE-API-24), downloads as blobs (CORE-FILE-02).
 * All calls are silent: the widget words its own messages.
 */
import { tenantPath, type RendererEnv } from '../../renderer/index'

/** One file of an attachment group, as GET files/{uuid}/file answers. */
export interface AttachmentFile {
  fileId?: number
  fileUrl: string
  fileName: string
  fileSize?: number
  fileType?: string
}

export interface Target {
  bucketName: string
  directory?: string
}

const path = (env: RendererEnv, rest: string) => tenantPath(env.user.roleLevel, env.user.tenantId, rest)

export async function newGroup(env: RendererEnv): Promise<string> {
  const answer = await env.request<{ content: string }>({
    method: 'POST',
    service: 'hfle',
    path: path(env, '/files/uuid'),
    silent: true,
  })
  return answer.content
}

export function listGroup(env: RendererEnv, uuid: string): Promise<AttachmentFile[]> {
  return env.request<AttachmentFile[]>({
    method: 'GET',
    service: 'hfle',
    path: path(env, `/files/${encodeURIComponent(uuid)}/file`),
    silent: true,
  })
}

/** Sends `file`; resolves with its URL. Text fields go before the file (the server wants them first). */
export async function uploadFile(
  env: RendererEnv,
  file: File,
  target: Target,
  uuid?: string,
): Promise<string> {
  const form = new FormData()
  form.append('bucketName', target.bucketName)
  if (target.directory) form.append('directory', target.directory)
  if (uuid) form.append('attachmentUUID', uuid)
  form.append('fileName', file.name)
  form.append('file', file, file.name)
  const url = await env.request<string>({
    method: 'POST',
    service: 'hfle',
    path: path(env, uuid ? '/files/attachment/multipart' : '/files/multipart'),
    data: form,
    responseType: 'text',
    silent: true,
  })
  return String(url)
}

export function removeFromGroup(env: RendererEnv, uuid: string, urls: string[], bucketName: string) {
  return env.request({
    method: 'POST',
    service: 'hfle',
    path: path(env, '/files/delete-by-uuidurl'),
    data: { attachmentUUID: uuid, bucketName, urls },
    silent: true,
  })
}

/** Downloads the file as a blob and hands it to the browser under `fileName`. */
export async function downloadFile(
  env: RendererEnv,
  file: AttachmentFile,
  bucketName?: string,
): Promise<void> {
  const blob = await env.request<Blob>({
    method: 'GET',
    service: 'hfle',
    path: path(env, '/files/download'),
    params: { url: file.fileUrl, bucketName },
    responseType: 'blob',
    silent: true,
  })
  const href = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = file.fileName
  document.body.appendChild(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

/** The file name at the end of a file URL (…/{uuid}/{encoded name}). */
export const nameOfUrl = (url: string) => {
  const last = url.split('/').pop() ?? url
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
