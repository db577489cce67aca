/**
 * Codemod (issue 20, "pages inherit their model"): removes from every schemas/pages/**\/*.page.json the field
 * values identical to what the field inherits from its model (required, maxLength, pattern, min, max,
 * precision, lookupCode), leaving the rest of the text as written (key order, `$schema`, one-line objects) and
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
import { removeProperties } from './lib/json-remove'
import { readModelMap } from './lib/model-map'
import { restatedPointers } from './lib/model-restatements'
import { findFiles } from './lib/schema-files'
import type { ModelLookup } from '../renderer/schema/model-inheritance'

/** The page text without its restated values, formatted as the repository formats JSON. */
export async function stripRestatements(file: string, source: string, models: ModelLookup) {
  const pointers = restatedPointers(JSON.parse(source) as unknown, models)
  if (!pointers.length) return { source, pointers }
  const stripped = removeProperties(source, pointers)
  const options = (await resolveConfig(file)) ?? {}
  return { source: await format(stripped, { ...options, filepath: file }), pointers }
}

if (import.meta.filename === process.argv[1]) {
  const root = resolve(import.meta.dirname, '..')
  const check = process.argv.includes('--check')
  const { models } = readModelMap(root)
  let removed = 0
  let files = 0
  for (const file of findFiles(root, 'schemas/pages', '.page.json')) {
    const path = resolve(root, file)
    const result = await stripRestatements(path, readFileSync(path, 'utf8'), models)
    if (!result.pointers.length) continue
    removed += result.pointers.length
    files += 1
    if (check) console.error(`${file}: restates its model at ${result.pointers.join(', ')}`)
    else writeFileSync(path, result.source)
  }
  console.log(`${check ? 'would remove' : 'removed'} ${removed} restated values from ${files} pages`)
  process.exit(check && removed ? 1 : 0)
}
