/** What a page widget knows about the page it renders: the schema, its file, route params, texts. */
import { createContext, useContext } from 'react'
import type { TextResolver } from '../i18n/texts'
import type { PageSchema } from '../schema/page'

export interface PageContextValue {
  page: PageSchema
  file: string
  params: Record<string, string>
  search?: URLSearchParams
  /** Texts of this page (user translations → page texts → shared bundle). */
  t: TextResolver
}

export const PageContext = createContext<PageContextValue | null>(null)

export function usePageContext(): PageContextValue {
  const value = useContext(PageContext)
  if (!value)
    throw new Error('usePageContext is for widgets rendered by <SchemaPage>: none is above this one')
  return value
}

/** Props every page widget receives from SchemaPage. */
export interface PageWidgetProps<P extends PageSchema = PageSchema> {
  page: P
  params: Record<string, string>
  search?: URLSearchParams
}
