import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { registerDocuments } from './model-documents.ts'
import { checkModel, checkModelClashes, type ModelReferences } from './check-model.ts'
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
 * Reads and checks every model file (check-model.ts: schema, file name, meaning, then clashes between models).
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
    const { model, problems: found } = checkModel(data, refs, relative(dir, path).split(sep).join('/'))
    found.forEach(report)
    // a model whose schema passes takes part in the clash check even with other problems (all are reported)
    if (model) loaded.push({ file, model })
    locate.set(file, at)
  }
  for (const { file, ...problem } of checkModelClashes(loaded))
    problems.push({ file, ...problem, ...locate.get(file)?.(problem.pointer) })
  if (problems.length) throw new ModelLoadError(problems)
  // lines find their documents from here on (scope, line writes)
  registerDocuments(loaded.map((entry) => entry.model))
  return loaded
}
