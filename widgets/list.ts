/**
 * The list page's chunk: the page widget with its search bar, operation bar, table, filter templates and column
 * settings. Loaded with a page that names the list page (every list page), in parallel with the fields of
 * ./core.ts; a form, dashboard or custom page opened first does not load the table. Pages that draw a table of
 * their own (master-detail lines) import DataTable directly and share its code.
 */
export { listPageWidget } from './list-page/list-page.widget'
export { searchBarWidget } from './search-bar/search-bar.widget'
export { operationBarWidget } from './operation-bar/operation-bar.widget'
export { dataTableWidget } from './data-table/data-table.widget'
export { searchRangeWidget } from './search-range/search-range.widget'
export { filterTemplatesWidget } from './filter-templates/filter-templates.widget'
export { columnSettingsWidget } from './column-settings/column-settings.widget'
