import { useMemo } from 'react'
import { createTexts, useRendererEnv, type TextResolver } from '../../renderer/index'

/** The editor's texts (renderer/i18n/cron-editor.texts.json) and the user's language. */
export function useCronTexts(): { t: TextResolver; language: string } {
  const env = useRendererEnv()
  const t = useMemo(() => createTexts(env), [env])
  return { t, language: env.user.language }
}
