import { useMemo, type ReactNode } from 'react'
import { createTexts, PageContext, useRendererEnv, type PageSchema } from '../../renderer/index'

/** Gives parts of a page (SearchBar, DataTable…) the page context SchemaPage would provide. */
export function WithPage({ page, children }: { page: PageSchema; children: ReactNode }) {
  const env = useRendererEnv()
  const value = useMemo(
    () => ({ page, file: 'story', params: {}, t: createTexts(env, page.texts) }),
    [env, page],
  )
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>
}
