import { useMemo } from 'react'
import { createTexts, useRendererEnv, type TextResolver } from '../../renderer/index'

/** The shared texts (renderer/i18n/*.texts.json) for widgets that also live outside a page (dialogs, drawers). */
export function useSharedTexts(): TextResolver {
  const env = useRendererEnv()
  return useMemo(() => createTexts(env), [env])
}
