import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { registerDocuments } from './model-documents.ts'
import { checkModel, checkModelClashes, type ModelReferences } from './check-model.ts'
import { formatProblem, ModelLoadError, type ModelProblem } from './model-errors.ts'
import { duplicateKeys, parseJsonText } from '../../../renderer/schema/json-text.ts'

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

/** A model file the server did not take: its key (path under the models dir without .model.json) and why. */
export interface RefusedModel {
  file: string
  key: string
  problems: ModelProblem[]
}

/**
 * Reads and checks every model file (check-model.ts: schema, file name, meaning, then clashes between models).
 * A bad file does not stop the others: it is refused with every problem (file, line:column, pointer, fix), and
 * the caller serves the rest (bootstrap.ts: the refused model's pages show why).
 */
export function readModels(
  dir: string,
  refs: ModelReferences,
): { loaded: LoadedModel[]; refused: RefusedModel[] } {
  const problems: ModelProblem[] = []
  const checked: LoadedModel[] = []
  const keys = new Map<string, string>()
  const locate = new Map<string, (pointer: string) => { line?: number; column?: number }>()
  for (const path of findModelFiles(dir)) {
    const near = relative(process.cwd(), path)
    const file = near && !near.startsWith('..') ? near : path
    keys.set(
      file,
      relative(dir, path)
        .split(sep)
        .join('/')
        .replace(/\.model\.json$/, ''),
    )
    const text = readFileSync(path, 'utf8')
    const parsed = parseJsonText(text)
    if (!parsed.ok) {
      const { line, column, message, suggestion } = parsed.error
      problems.push({ file, pointer: '', line, column, message, fix: suggestion })
      continue
    }
    const data = parsed.data
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
    for (const duplicate of duplicateKeys(text))
      problems.push({
        file,
        pointer: duplicate.pointer,
        line: duplicate.line,
        column: duplicate.column,
        message: `key appears twice in this object (first on line ${duplicate.firstLine}): JSON keeps only this last one, silently`,
        fix: 'remove one of the two, or merge them into one',
      })
    const { model, problems: found } = checkModel(data, refs, relative(dir, path).split(sep).join('/'))
    found.forEach(report)
    // a model whose schema passes takes part in the clash check even with other problems (all are reported)
    if (model) checked.push({ file, model })
    locate.set(file, at)
  }
  for (const { file, ...problem } of checkModelClashes(checked))
    problems.push({ file, ...problem, ...locate.get(file)?.(problem.pointer) })
  const badFiles = new Set(problems.map((problem) => problem.file))
  const loaded = checked.filter((entry) => !badFiles.has(entry.file))
  // lines find their documents from here on (scope, line writes)
  registerDocuments(loaded.map((entry) => entry.model))
  const refused = [...badFiles].map((file) => ({
    file,
    key: keys.get(file) ?? file,
    problems: problems.filter((problem) => problem.file === file),
  }))
  return { loaded, refused }
}

/** readModels for callers that need every model (db:reset, tests): throws ModelLoadError on any problem. */
export function loadModels(dir: string, refs: ModelReferences): LoadedModel[] {
  const { loaded, refused } = readModels(dir, refs)
  if (refused.length) throw new ModelLoadError(refused.flatMap((model) => model.problems))
  return loaded
}

/** Refused model key → its first problem, for the pages that name it (CrossContext.refusedModels). */
export const refusalReasons = (refused: readonly RefusedModel[]): Map<string, string> =>
  new Map(
    refused.map((model) => [model.key, model.problems[0] ? formatProblem(model.problems[0]) : model.file]),
  )
