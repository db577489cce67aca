/**
 * The server's check of the text being edited (POST /hpfm/v1/page-schemas/check): every stage of the one page
 * check at once, against what the server knows (models, value sets, Lov views, permission codes, the routes of
 * the pages it serves). Undefined while none has answered yet; the message when the check could not run.
 */
import { useEffect, useState } from 'react'
import type { RendererEnv, SchemaIssue } from '../../renderer/index'

export type ServerCheck = { issues: SchemaIssue[] } | { failed: string } | undefined

export function useServerCheck(
  env: RendererEnv,
  file: string,
  source: string,
  enabled: boolean,
): ServerCheck {
  const [result, setResult] = useState<ServerCheck>()
  useEffect(() => {
    if (!enabled) return
    let live = true
    env
      .request<{ issues: SchemaIssue[] }>({
        method: 'POST',
        service: 'hpfm',
        path: '/v1/page-schemas/check',
        data: { file, source },
        silent: true,
      })
      .then(
        (answer) => live && setResult({ issues: answer.issues }),
        (error: unknown) =>
          live && setResult({ failed: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
  }, [env, file, source, enabled])
  return result
}
