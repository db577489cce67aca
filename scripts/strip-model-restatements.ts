/**
 * Codemod (issue 20, "pages inherit their model"): removes from every schemas/pages/**\/*.page.json the field
 * values identical to what the field inherits from its model (required, maxLength, pattern, min, max,
 * precision, lookupCode), and writes each row action restating a transition of its model's lifecycle (path,
 * permission, visibleWhen) as `{"transition": <name>, …}` with only its own label, confirmation, success
 * message and dialog (scripts/lib/transition-restatements.ts), leaving the rest of the text as written (key order, `$schema`, one-line objects) and
 * tidied by the repository's prettier settings. What a page writes differently stays: an override.
 *
 *   npx tsx scripts/strip-model-restatements.ts          # rewrites the files, prints what it removed
 *   npx tsx scripts/strip-model-restatements.ts --check  # exits 1 when a page still restates its model
 *
 * Proven by scripts/strip-model-restatements.test.ts: every page compiles to the same Formily schemas with and
 * without the values removed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { removeProperties, renameProperty } from './lib/json-remove'
import { readModelMap } from './lib/model-map'
import { restatedPointers } from './lib/model-restatements'
import { findFiles } from './lib/schema-files'
import { restatedTransitions } from './lib/transition-restatements'
import type { ModelLookup } from '../renderer/schema/model-inheritance'

/** The page text without its restated values, formatted as the repository formats JSON. */
export async function stripRestatements(file: string, source: string, models: ModelLookup) {
  const page = JSON.parse(source) as unknown
  const pointers = restatedPointers(page, models)
  const transitions = restatedTransitions(page, models)
  if (!pointers.length && !transitions.length) return { source, pointers, transitions }
  let stripped = removeProperties(source, pointers)
  for (const { pointer } of transitions) {
    stripped = renameProperty(stripped, `${pointer}/name`, 'transition')
    stripped = removeProperties(
      stripped,
      ['type', 'path', 'permission', 'visibleWhen'].map((key) => `${pointer}/${key}`),
    )
  }
  const options = (await resolveConfig(file)) ?? {}
  return { source: await format(stripped, { ...options, filepath: file }), pointers, transitions }
}

if (import.meta.filename === process.argv[1]) {
  const root = resolve(import.meta.dirname, '..')
  const check = process.argv.includes('--check')
  const { models } = readModelMap(root)
  let removed = 0
  let shortened = 0
  let files = 0
  for (const file of findFiles(root, 'schemas/pages', '.page.json')) {
    const path = resolve(root, file)
    const result = await stripRestatements(path, readFileSync(path, 'utf8'), models)
    const restated = [...result.pointers, ...result.transitions.map((t) => t.pointer)]
    if (!restated.length) continue
    removed += result.pointers.length
    shortened += result.transitions.length
    files += 1
    if (check) console.error(`${file}: restates its model at ${restated.join(', ')}`)
    else writeFileSync(path, result.source)
  }
  console.log(
    `${check ? 'would remove' : 'removed'} ${removed} restated values and ${check ? 'shorten' : 'shortened'} ${shortened} transition row actions in ${files} pages`,
  )
  process.exit(check && removed + shortened ? 1 : 0)
}
