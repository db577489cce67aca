import type { Language, MenuNode, MenuType } from '../../../renderer/contract/wire.ts'
import type { Selectable } from 'kysely'
import type { MenuTable, Texts } from '../../db/schema.ts'

/** A menu row as read for the tree: the table's columns, with the names JSON already parsed. */
export type MenuRow = Omit<
  Selectable<MenuTable>,
  'names' | 'target' | 'tag' | 'objectVersionNumber' | 'tenantId' | 'sourceFile' | 'sourceHash' | 'grantsHash'
> & {
  names: Texts
  target?: string | null
  tag?: Selectable<MenuTable>['tag']
}

/**
 * Rows → nested nodes sorted by `sort` (then id), names in `language`. A node whose parent is not among the
 * rows becomes a root (a role may hold a menu without its directory, e.g. the dealer's single menu).
 */
export function buildMenuTree(rows: MenuRow[], language: Language): MenuNode[] {
  const nodes = new Map<number, MenuNode>()
  for (const row of rows) {
    const node: MenuNode = {
      id: row.id,
      code: row.code,
      name: row.names[language] ?? row.names.zh_CN ?? row.code,
      level: row.level,
      parentId: row.parentId,
      type: row.type as MenuType,
      sort: row.sort,
      ...(row.icon ? { icon: row.icon } : {}),
      ...(row.quickIndex ? { quickIndex: row.quickIndex } : {}),
      ...(row.route ? { route: row.route } : {}),
      ...(row.target ? { target: row.target } : {}),
      ...(row.tag ? { tag: row.tag } : {}),
    }
    nodes.set(row.id, node)
  }
  const roots: MenuNode[] = []
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId)
    if (parent) (parent.subMenus ??= []).push(node)
    else roots.push(Object.assign(node, { rootNode: true }))
  }
  const sortDeep = (list: MenuNode[]): MenuNode[] => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id)
    for (const node of list) if (node.subMenus) sortDeep(node.subMenus)
    return list
  }
  return sortDeep(roots)
}
