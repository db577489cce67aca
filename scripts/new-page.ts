/**
 * `npm run new:page -- <route> [--model] [--service wms] [--title "<en_US>|<zh_CN>|<zh_TW>"]`: scaffolds
 * schemas/pages/<module>/<name>.page.json, a list page over the model schemas/models/<service>/<name>.model.json,
 * and with --model that model too. The files pass `npm run schemas:check` as written; existing files are never
 * overwritten. The server creates the model's table and registers its permission codes at the next start.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { format, resolveConfig } from 'prettier'
import type { ModelSchema } from '../renderer/schema/model'
import { modelIssues, readModelReferences } from './lib/model-check'
import { pageTarget, scaffoldModel, scaffoldPage } from './lib/page-scaffold'
import { readRoutes } from './lib/schema-files'

export interface NewPageOptions {
  root: string
  route: string
  model: boolean
  service: string
  title?: string
}

/** Writes the files; answers their paths (relative to root) and notes for the user, or throws what is wrong. */
export async function newPage(options: NewPageOptions): Promise<{ written: string[]; notes: string[] }> {
  const target = pageTarget(options.route, options.service, options.title)
  if ('error' in target) throw new Error(target.error)
  const modelKey = `${target.service}/${target.fileName}`
  const modelFile = `schemas/models/${modelKey}.model.json`
  const pageFile = `schemas/pages/${target.module}/${target.fileName}.page.json`
  const at = (file: string) => join(options.root, file)
  if (existsSync(at(pageFile))) throw new Error(`${pageFile} already exists: edit it, or pick another route`)
  const notes: string[] = []
  const written: string[] = []
  let model: ModelSchema
  if (options.model) {
    if (existsSync(at(modelFile)))
      throw new Error(`${modelFile} already exists: leave out --model to build the page from it`)
    model = scaffoldModel(target)
    written.push(await writeJson(options.root, modelFile, model))
  } else {
    if (!existsSync(at(modelFile)))
      throw new Error(
        `no model ${modelFile}: pass --model to scaffold one (or --service for another service)`,
      )
    model = JSON.parse(readFileSync(at(modelFile), 'utf8')) as ModelSchema
    const problems = modelIssues(model, readModelReferences(options.root))
    if (problems.length)
      throw new Error(
        `${modelFile} does not pass the check (${problems[0]!.message}): run npm run schemas:check`,
      )
  }
  written.push(await writeJson(options.root, pageFile, scaffoldPage(target, model, modelKey)))
  if (!options.title)
    notes.push(
      'the title and labels are in English in all three languages: pass --title or translate "texts"',
    )
  if (!readRoutes(options.root, 'schemas/routes.tsv').has(target.route))
    notes.push(`${target.route} is not in schemas/routes.tsv: schemas:check warns until the spec lists it`)
  return { written, notes }
}

async function writeJson(root: string, file: string, value: unknown): Promise<string> {
  const path = join(root, file)
  const config = (await resolveConfig(path)) ?? {}
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, await format(JSON.stringify(value), { ...config, filepath: path }))
  return file
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      model: { type: 'boolean', default: false },
      service: { type: 'string', default: 'wms' },
      title: { type: 'string' },
    },
  })
  const usage =
    'usage: npm run new:page -- <route> [--model] [--service wms] [--title "<en_US>|<zh_CN>|<zh_TW>"]'
  if (positionals.length !== 1) {
    console.error(`${usage}\n(give exactly one route, e.g. /wmdm/stockLocation)`)
    process.exit(2)
  }
  try {
    const result = await newPage({
      root: resolve(import.meta.dirname, '..'),
      route: positionals[0]!,
      model: values.model,
      service: values.service,
      ...(values.title ? { title: values.title } : {}),
    })
    for (const file of result.written) console.log(`wrote ${file}`)
    for (const note of result.notes) console.warn(`note: ${note}`)
    console.log(
      'next: npm run schemas:check, then add a menu entry (server/seed/data/menus.json) for the route',
    )
  } catch (error) {
    console.error(`new:page: ${error instanceof Error ? error.message : String(error)}\n${usage}`)
    process.exit(1)
  }
}
