import { useMemo } from 'react'
import { createTexts, useRendererEnv, type TextResolver } from '../../renderer/index'

/** The shared texts (renderer/i18n/*.texts.json) in the user's language, for widgets used outside a page too. */
export function useWidgetTexts(): TextResolver {
  const env = useRendererEnv()
  return useMemo(() => createTexts(env), [env])
}
