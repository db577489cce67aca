/**
 * What the server derives for a document page (GET hpfm page-schemas/document, server/modules/lowcode/
 * document-facts.ts): number and status fields, the actions the lifecycle allows with their texts, and the
 * totals kept from the lines. Undefined while loading; null for a page that is not a document page
 * (answered `{document: false}`, or not answered at all).
 */
import { useEffect, useState } from 'react'
import { useRendererEnv, type PageAction, type PageTexts } from '../../renderer/index'

export interface DocumentFacts {
  /** false: the page is not a document page (the other fields are absent then). */
  document: boolean
  statusField: string
  numberField?: string
  actions: PageAction[]
  texts: PageTexts
  totals: Array<{ field: string; detail: string; of: string }>
}

export function useDocumentFacts(route: string, enabled: boolean): DocumentFacts | null | undefined {
  const env = useRendererEnv()
  const [facts, setFacts] = useState<{ route: string; facts?: DocumentFacts }>()
  useEffect(() => {
    if (!enabled) return
    let live = true
    env
      .request<DocumentFacts>({
        method: 'GET',
        service: 'hpfm',
        path: '/v1/page-schemas/document',
        params: { route },
        silent: true,
      })
      .then(
        (answer) => live && setFacts(answer.document ? { route, facts: answer } : { route }),
        // not a document page (404) or not reachable: the page shows its fields as before
        () => live && setFacts({ route }),
      )
    return () => {
      live = false
    }
  }, [env, route, enabled])
  return facts?.route === route ? (facts.facts ?? null) : undefined
}

/** Sum of `of` over rows (numbers and numeric strings; anything else counts 0), to 4 decimals. */
export function sumOf(rows: ReadonlyArray<Record<string, unknown>>, of: string): number {
  const total = rows.reduce((sum, row) => sum + (Number(row[of]) || 0), 0)
  return Math.round(total * 10000) / 10000
}
