/**
 * `npm run permissions:manifest`: every permission code declared by the page files, with the pages (and JSON
 * pointers) that declare it, as JSON — the list to seed on the server and to review per role.
 */
import { resolve } from 'node:path'
import { inheritModel } from '../renderer/schema/model-inheritance'
import { walkJson } from '../renderer/schema/walk'
import { readModelMap } from './lib/model-map'
import { findFiles, readJsonFile } from './lib/schema-files'

const root = resolve(import.meta.dirname, '..')
const { models } = readModelMap(root)
const manifest: Record<string, { page: string; route: string; pointer: string }[]> = {}
for (const file of findFiles(root, 'schemas/pages', '.page.json').map((f) => readJsonFile(root, f))) {
  const route = String((file.data as { route?: unknown } | undefined)?.route ?? '')
  // a row action naming a transition declares the transition's code: read the page completed from its model
  walkJson(inheritModel(file.data, models), (value, pointer, key) => {
    if (key === 'permission' && typeof value === 'string') {
      ;(manifest[value] ??= []).push({ page: file.file, route, pointer })
    }
  })
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)))
console.log(JSON.stringify(sorted, null, 2))
