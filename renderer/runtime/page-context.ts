/** What a page widget knows about the page it renders: the schema, its file, route params, texts. */
import { createContext, useContext } from 'react'
import type { PageWidgetName } from '../contract/widget-definitions'
import type { WidgetProps } from '../contract/widget-props'
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

/**
 * The props a custom page gives its page widget, typed by the widget's props schema: the page check (the server's
 * verdict or the browser's) refused the page unless they matched it, so the type holds.
 * @example const props = customPageProps(page, 'DocumentPrint') // props.idParam: string
 */
export function customPageProps<N extends PageWidgetName>(page: PageSchema, widget: N): WidgetProps<N> {
  if (page.kind !== 'custom' || page.widget !== widget)
    throw new Error(`'${widget}' draws custom pages that name it ("widget": "${widget}")`)
  return (page.props ?? {}) as WidgetProps<N>
}
