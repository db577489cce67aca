/** Locators for the antd and Formily markup every screen shares, so the e2e files find things the same way. */
import type { Locator, Page } from 'playwright-core'

/** The Formily form item labelled `label` inside `scope`. */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-formily-item', { has: scope.page().getByText(label, { exact: true }) })

/** The text input (or text area) of the form item labelled `label`. */
export const field = (scope: Locator, label: string) =>
  formItem(scope, label).locator('input, textarea').first()

export const drawer = (page: Page) => page.locator('.ant-drawer-content')

/** The data rows of the table on the page (not its placeholder row). */
export const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row')
