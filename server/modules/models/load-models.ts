import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { closest } from 'fastest-levenshtein'
import { ModelSchema } from '../../../renderer/schema/model.ts'
import { checkModelSemantics, type ModelReferences } from './check-model.ts'
import { ModelLoadError, type ModelProblem } from './model-errors.ts'

interface SourceMap {
  data: unknown
  pointers: Record<
    string,
    { value: { line: number; column: number }; key?: { line: number; column: number } }
  >
}
// json-source-map ships no types; this is the part of its API used here.
const { parse: parseWithPointers } = createRequire(import.meta.url)('json-source-map') as {
  parse(text: string): SourceMap
}

export interface LoadedModel {
  /** Path relative to the working directory, for messages. */
  file: string
  model: ModelSchema
}

const validateModel = new Ajv({ allErrors: true, strict: false, verbose: true }).compile<ModelSchema>(
  ModelSchema,
)

function describe(error: ErrorObject): { message: string; fix: string; pointer: string } {
  const pointer = error.instancePath
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty)
    const allowed = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {})
    return {
      pointer: `${pointer}/${name}`,
      message: `unknown property '${name}'`,
      fix: `remove it${allowed.length ? ` (did you mean '${closest(name, allowed)}'?); allowed: ${allowed.join(', ')}` : ''}`,
    }
  }
  if (error.keyword === 'required') {
    return { pointer, message: `missing property '${String(params.missingProperty)}'`, fix: 'add it' }
  }
  if (error.keyword === 'anyOf' || error.keyword === 'const') {
    return {
      pointer,
      message: 'value is not one of the allowed values',
      fix: 'see renderer/schema/model.ts for the choices',
    }
  }
  return {
    pointer,
    message: error.message ?? error.keyword,
    fix: 'see renderer/schema/model.ts for the field',
  }
}

/** Every *.model.json under `dir`, sorted by path. */
export function findModelFiles(dir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(dir, { recursive: true }).map(String)
  } catch {
    return []
  }
  return names
    .filter((name) => name.endsWith('.model.json'))
    .sort()
    .map((name) => join(dir, name))
}

/**
 * Reads and checks every model file (schema, then meaning, then clashes between models).
 * Throws ModelLoadError listing every problem with file, line:column, JSON pointer and a fix.
 */
export function loadModels(dir: string, refs: ModelReferences): LoadedModel[] {
  const problems: ModelProblem[] = []
  const loaded: LoadedModel[] = []
  const locate = new Map<string, (pointer: string) => { line?: number; column?: number }>()
  for (const path of findModelFiles(dir)) {
    const near = relative(process.cwd(), path)
    const file = near && !near.startsWith('..') ? near : path
    const text = readFileSync(path, 'utf8')
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (error) {
      // json-source-map's message names the line and column: ask it for the message.
      let reason = (error as Error).message
      try {
        parseWithPointers(text)
      } catch (located) {
        reason = (located as Error).message
      }
      problems.push({
        file,
        pointer: '',
        message: `not valid JSON: ${reason}`,
        fix: 'correct the JSON syntax',
      })
      continue
    }
    // Positions are parsed only when a problem is reported (most files have none; bench measure 8).
    let pointers: SourceMap['pointers'] | undefined
    const at = (pointer: string) => {
      pointers ??= parseWithPointers(text).pointers
      const place = pointers[pointer]?.key ?? pointers[pointer]?.value
      return place ? { line: place.line + 1, column: place.column + 1 } : {}
    }
    const report = (p: { pointer: string; message: string; fix: string }) => {
      const located = at(p.pointer).line ? p.pointer : p.pointer.replace(/\/[^/]*$/, '')
      problems.push({ file, ...p, ...at(located) })
    }
    if (!validateModel(data)) {
      for (const error of validateModel.errors ?? []) report(describe(error))
      continue
    }
    const model = data
    // Pages name a model by its file (`<service>/<name>`); the server by `<service>/<entity>`: one name for both.
    const expected = `${model.service}/${model.entity.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.model.json`
    const actual = relative(dir, path).split(sep).join('/')
    if (actual !== expected) {
      report({
        pointer: '/entity',
        message: `the file of entity '${model.entity}' of service '${model.service}' is ${actual}`,
        fix: `name the file schemas/models/${expected} (pages refer to the model by its file)`,
      })
    }
    const semantic = checkModelSemantics(model, refs)
    semantic.forEach(report)
    if (!semantic.length) loaded.push({ file, model })
    locate.set(file, at)
  }
  const seen = new Map<string, string>()
  for (const { file, model } of loaded) {
    for (const [key, pointer] of [
      [`table ${model.table}`, '/table'],
      [`resource ${model.service}/${model.resource}`, '/resource'],
    ] as const) {
      const other = seen.get(key)
      if (other)
        problems.push({
          file,
          pointer,
          message: `${key} is already used by ${other}`,
          fix: 'choose another name',
          ...locate.get(file)?.(pointer),
        })
      else seen.set(key, file)
    }
  }
  if (problems.length) throw new ModelLoadError(problems)
  return loaded
}
