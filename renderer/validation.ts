/**
 * The renderer's second public entry: the page validators (the generated JSON Schema validators of every page
 * kind, ~450 KB). Kept out of renderer/index.ts so that a page's path never loads them: pages come with the
 * server's verdict (SchemaPage `verdict`); the playground, which checks what is typed, imports this entry.
 */
export { validatePage, type ValidateOptions, type PageValidation } from './schema/validate'
export { PAGE_KINDS } from './schema/page'
export { parseJsonText, duplicateKeys, type JsonSyntaxError } from './schema/json-text'
