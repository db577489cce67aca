/** Finds and reads the schema files under schemas/ (pages, models) and the seed the checks refer to. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { readSeedSet } from '../../server/seed/seed-files.ts'

export interface JsonFile {
  /** Path relative to the repository root, as printed in messages. */
  file: string
  source: string
  /** The parsed JSON, or the parse error. */
  data?: unknown
  parseError?: { message: string; line: number; column: number }
}

export function findFiles(root: string, dir: string, suffix: string): string[] {
  const start = join(root, dir)
  if (!existsSync(start)) return []
  const found: string[] = []
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.name.endsWith(suffix)) found.push(relative(root, path))
    }
  }
  visit(start)
  return found
}

export function readJsonFile(root: string, file: string): JsonFile {
  const source = readFileSync(join(root, file), 'utf8')
  try {
    return { file, source, data: JSON.parse(source) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const at = /position (\d+)/.exec(message)
    const offset = at ? Number(at[1]) : 0
    const before = source.slice(0, offset).split('\n')
    return {
      file,
      source,
      parseError: { message, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 },
    }
  }
}

/** A seed set named by its base file (`server/seed/data/lookups.json` also reads `lookups/*.json`). */
function readSeedFile(root: string, file: string): unknown {
  return readSeedSet(join(root, dirname(file)), basename(file, '.json'))
}

/** Value-set codes of the seed: an array of `{lovCode}` or a map keyed by code. Undefined when absent. */
export function readLookupCodes(root: string, file: string): Set<string> | undefined {
  const data = readSeedFile(root, file)
  if (data === undefined) return undefined
  if (Array.isArray(data)) {
    return new Set(data.map((set: { lovCode?: unknown; code?: unknown }) => String(set.lovCode ?? set.code)))
  }
  if (typeof data === 'object' && data !== null) {
    const sets =
      (data as { lovs?: unknown; valueSets?: unknown }).lovs ?? (data as { valueSets?: unknown }).valueSets
    if (Array.isArray(sets)) return new Set(sets.map((s: { lovCode?: unknown }) => String(s.lovCode)))
    return new Set(Object.keys(data))
  }
  return new Set()
}

/** Rule codes of the seed's code rules (an array of {ruleCode}). Empty when absent. */
export function readCodeRuleCodes(root: string, file: string): Set<string> {
  const data = readSeedFile(root, file)
  return new Set(Array.isArray(data) ? data.map((rule: { ruleCode?: unknown }) => String(rule.ruleCode)) : [])
}

/** View codes of the seed's Lov views (an array of {viewCode}). Undefined when absent. */
export function readLovViewCodes(root: string, file: string): Set<string> | undefined {
  const data = readSeedFile(root, file)
  if (data === undefined) return undefined
  return new Set(Array.isArray(data) ? data.map((view: { viewCode?: unknown }) => String(view.viewCode)) : [])
}

/** Codes of the seed's directory menu entries (where a page file's `menu.parent` may put its entry). */
export function readMenuDirCodes(root: string, file: string): Set<string> | undefined {
  const data = readSeedFile(root, file)
  if (!Array.isArray(data)) return undefined
  return new Set(
    (data as Array<{ code?: unknown; type?: unknown }>)
      .filter((menu) => menu.type === 'dir' || menu.type === 'root')
      .map((menu) => String(menu.code)),
  )
}

/** Paths of routes.tsv (column `path`). */
export function readRoutes(root: string, file: string): Set<string> {
  if (!existsSync(join(root, file))) return new Set()
  const lines = readFileSync(join(root, file), 'utf8').split('\n').slice(1)
  return new Set(lines.map((line) => line.split('\t')[1]).filter((p): p is string => Boolean(p)))
}
