/** The files a value names: the attachment group's list (uuid) or the URLs themselves (url). */
import type { UploadFile } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useRendererEnv, type RendererEnv } from '../../renderer/index'
import { useTexts } from '../shared/use-texts'
import { listGroup, nameOfUrl, type AttachmentFile } from './file-service'

export type ValueType = 'uuid' | 'url'

/** CORE-DATA-18: an entry keeps response (the file URL), type and size. */
export const toUploadFile = (file: AttachmentFile): UploadFile => ({
  uid: file.fileUrl,
  name: file.fileName,
  status: 'done',
  response: file.fileUrl,
  size: file.fileSize,
  type: file.fileType,
})

export const urlsOf = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : [])

async function filesOf(env: RendererEnv, value: string, valueType: ValueType): Promise<AttachmentFile[]> {
  if (valueType === 'uuid') return listGroup(env, value)
  return urlsOf(value).map((fileUrl) => ({ fileUrl, fileName: nameOfUrl(fileUrl) }))
}

/**
 * The list for `value`, reloaded when the value changes from outside. `adopt(value)` tells the hook a value
 * the widget set itself (a group it just created), so the list being built is not replaced by a reload.
 */
export function useFileList(value: string | null | undefined, valueType: ValueType) {
  const env = useRendererEnv()
  const t = useTexts()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState<string>()
  const known = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    if (value === known.current) return
    known.current = value
    if (!value) return setFiles([])
    let live = true
    setLoading(true)
    filesOf(env, value, valueType)
      .then((list) => live && (setFiles(list.map(toUploadFile)), setFailed(undefined)))
      .catch((error: unknown) => {
        if (!live) return
        const message = t('fields.upload.loadFailed', {
          message: error instanceof Error ? error.message : String(error),
        })
        setFailed(message)
        env.notify.error(message)
      })
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [env, t, value, valueType])
  const adopt = (next: string | null) => {
    known.current = next
  }
  return { files, setFiles, loading, failed, adopt }
}
