/** Locators for the antd and Formily markup every screen shares, so the e2e files find things the same way. */
import type { Locator, Page } from 'playwright-core'

/** The Formily form item labelled `label` inside `scope`. */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-formily-item', { has: scope.page().getByText(label, { exact: true }) })

/** The text input (or text area) of the form item labelled `label`. */
export const field = (scope: Locator, label: string) =>
  formItem(scope, label).locator('input, textarea').first()

export const drawer = (page: Page) => page.locator('.ant-drawer-content')

/** The data rows of the table on the page or in a part of it (not its placeholder row). */
export const rows = (page: Page | Locator) => page.locator('.ant-table-tbody tr.ant-table-row')

/** A name that ends the accessible name (menu entries may start with their icon's label, e.g. "home Warehouses"). */
const endsWithName = (name: string) => new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/**
 * Clicks a menu entry, opening the submenus on its way (`'Master data', 'Warehouses'`) when they are closed —
 * clicking an open submenu's title would close it.
 */
export async function openMenu(scope: Page | Locator, ...path: string[]): Promise<void> {
  const target = scope.getByRole('menuitem', { name: endsWithName(path.at(-1)!) }).first()
  for (const name of path.slice(0, -1)) {
    if (await target.isVisible()) break
    await scope
      .locator('.ant-menu-submenu-title')
      .filter({ hasText: endsWithName(name) })
      .first()
      .click()
  }
  await target.click()
}

/** Searches the list page's search field labelled `label` for `value` (fields past the first row behind "More"). */
export async function searchList(scope: Locator, label: string, value: string): Promise<void> {
  const bar = scope.locator('form').first()
  await scope.getByRole('button', { name: 'Search', exact: true }).waitFor({ timeout: 30_000 })
  if (!(await field(bar, label).isVisible())) await scope.getByRole('button', { name: 'More' }).click()
  await field(bar, label).fill(value)
  await scope.getByRole('button', { name: 'Search', exact: true }).click()
}
