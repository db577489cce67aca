/**
 * Checks of the page kinds whose parts depend on each other: a dashboard card's type decides which of its
 * properties it needs; a master-detail page's detail keys are unique.
 */
import type { IssueDraft } from './issue'

type Json = Record<string, unknown>

export function kindIssues(page: Json): IssueDraft[] {
  if (page.kind === 'dashboard' && Array.isArray(page.cards)) return cardIssues(page.cards as Json[])
  if (page.kind === 'master-detail' && Array.isArray(page.details))
    return uniqueKeys(page.details as Json[], '/details')
  if (page.kind === 'tabs' && Array.isArray(page.tabs)) return uniqueKeys(page.tabs as Json[], '/tabs')
  return []
}

function uniqueKeys(items: Json[], base: string): IssueDraft[] {
  const seen = new Map<unknown, number>()
  const issues: IssueDraft[] = []
  items.forEach((item, i) => {
    const first = seen.get(item.key)
    if (first !== undefined)
      issues.push({
        pointer: `${base}/${i}/key`,
        message: `key '${String(item.key)}' is also used at ${base}/${first}`,
        suggestion: 'give each one its own key',
      })
    else seen.set(item.key, i)
  })
  return issues
}

function cardIssues(cards: Json[]): IssueDraft[] {
  const issues: IssueDraft[] = [...uniqueKeys(cards, '/cards')]
  cards.forEach((card, i) => {
    const at = `/cards/${i}`
    const need = (prop: string, why: string) => {
      if (card[prop] === undefined)
        issues.push({
          pointer: at,
          message: `a '${String(card.type)}' card needs "${prop}"`,
          suggestion: why,
        })
    }
    if (card.type === 'widget') {
      need('widget', 'name the registered widget that draws the card')
      return
    }
    need(
      'dataSource',
      'the model collection to compute from, e.g. {"service": "wms", "path": "/v1/{tenantId}/warehouses", "primaryKey": "warehouseId"}',
    )
    if (card.type === 'chart') need('groupBy', 'the field whose values are the groups, e.g. "warehouseType"')
    if (card.measure !== undefined && card.measure !== 'count')
      need('field', `the number field to ${String(card.measure)}`)
    if (card.widget !== undefined)
      issues.push({
        pointer: `${at}/widget`,
        message: `a '${String(card.type)}' card is drawn by the platform, not by a widget`,
        suggestion: 'remove "widget", or make the card "type": "widget"',
      })
  })
  return issues
}
