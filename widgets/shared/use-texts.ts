import { useContext, useMemo } from 'react'
import { createTexts, PageContext, useRendererEnv, type TextResolver } from '../../renderer/index'

/** Texts for a field widget: the page's resolver inside a page, else the user's translations and shared bundle. */
export function useTexts(): TextResolver {
  const page = useContext(PageContext)
  const env = useRendererEnv()
  return useMemo(() => page?.t ?? createTexts(env), [page, env])
}
