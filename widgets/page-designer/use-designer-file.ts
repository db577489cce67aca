/**
 * The designer's calls to the server (server/modules/lowcode/routes-page-designer.ts): the page file by route
 * as it is on disk (with its version and model), and the save of a new text at that version.
 */
import { useEffect, useState } from 'react'
import type { RendererEnv } from '../../renderer/index'
import type { ModelField } from '../../renderer/page-document/index'

/** The code of designing pages: reading a page file with its version, and saving it (the server's guard). */
export const PAGE_DESIGNER_PERMISSION = 'hpfm.page-designer.save'

export interface DesignerFile {
  file: string
  route: string
  source: string
  version: string
  writable: boolean
  writableReason?: string
  model?: { key: string; fields: ModelField[] }
}

export type DesignerFileState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; loaded: DesignerFile }

export function useDesignerFile(env: RendererEnv, route: string | undefined, enabled: boolean) {
  const [state, setState] = useState<DesignerFileState>({ status: 'loading' })
  useEffect(() => {
    if (!route || !enabled) return
    let live = true
    setState({ status: 'loading' })
    env
      .request<DesignerFile>({
        method: 'GET',
        service: 'hpfm',
        path: '/v1/page-designer/file',
        params: { route },
        silent: true,
      })
      .then(
        (loaded) => live && setState({ status: 'loaded', loaded }),
        (error: unknown) =>
          live &&
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
  }, [env, route, enabled])
  return state
}

export const saveDesignerFile = (
  env: RendererEnv,
  /** `file`: the name GET answered; the server saves only when it is still the route's file. */
  body: { route: string; source: string; version: string; file?: string },
) =>
  env.request<{ file: string; route: string; version: string }>({
    method: 'PUT',
    service: 'hpfm',
    path: '/v1/page-designer/file',
    data: body,
    silent: true,
  })

/** Offers `text` as a download named like the file (where the server does not write page files). */
export function downloadText(file: string, text: string): void {
  if (typeof URL.createObjectURL !== 'function') return
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.split('/').at(-1) ?? 'page.json'
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
