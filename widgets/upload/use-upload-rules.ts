/**
 * The rules the Upload widget checks before sending (CORE-UPL-07): the page's `fileType` / `fileSize` when it
 * names them, else the bucket's rule on the server (upload-configs/effective), else the defaults (any type, 30 MB).
 * The server checks its rule again whatever the browser did.
 */
import { useEffect, useState } from 'react'
import { tenantPath, useRendererEnv } from '../../renderer/index'
import type { FileRules } from './upload-rules'

interface EffectiveRules {
  allowedTypes: string[]
  maxSize: number
}

export function useUploadRules(bucketName: string, page: FileRules): FileRules {
  const env = useRendererEnv()
  const fromPage = page.fileType !== undefined || page.fileSize !== undefined
  const [server, setServer] = useState<FileRules>({})
  const { roleLevel, tenantId } = env.user
  useEffect(() => {
    // Site-level roles have no tenant rules: they use the defaults.
    if (fromPage || roleLevel === 'site') return
    let live = true
    env
      .request<EffectiveRules>({
        method: 'GET',
        service: 'hfle',
        path: tenantPath(roleLevel, tenantId, '/upload-configs/effective'),
        params: { bucketName },
        silent: true,
      })
      .then((rules) => live && setServer({ fileType: rules.allowedTypes, fileSize: rules.maxSize }))
      .catch(() => undefined) // the defaults stand; the server still enforces its rule on upload
    return () => {
      live = false
    }
  }, [env, fromPage, roleLevel, tenantId, bucketName])
  return fromPage ? page : server
}
