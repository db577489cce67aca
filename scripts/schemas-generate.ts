/**
 * `npm run schemas:generate`: writes schemas/page.schema.json and schemas/model.schema.json from the TypeBox
 * definitions. Commit the result; `npm run schemas:check` fails when they are stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { generatedFiles } from './lib/generated-schemas'

const root = resolve(import.meta.dirname, '..')
for (const file of await generatedFiles()) {
  const target = resolve(root, file.path)
  let before = ''
  try {
    before = readFileSync(target, 'utf8')
  } catch {
    // first generation: nothing to compare with
  }
  if (before === file.text) {
    console.log(`unchanged ${file.path}`)
  } else {
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, file.text)
    console.log(`wrote     ${file.path}`)
  }
}
