/**
 * A seed set is one JSON file, `data/<name>.json`, and/or a folder of them, `data/<name>/*.json` (one file per
 * module: `data/menus/hiam.json`, `data/lookups/winv.json` …), read in file-name order. Arrays are
 * concatenated; maps (value sets) are merged, and a key defined in two files is an error naming both, so two
 * modules never overwrite each other's value set silently.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The files of a seed set, base file first, then the folder's files sorted by name. */
export function seedSetFiles(dataDir: string, name: string): string[] {
  const files: string[] = []
  const base = join(dataDir, `${name}.json`)
  if (existsSync(base)) files.push(base)
  const folder = join(dataDir, name)
  if (existsSync(folder) && statSync(folder).isDirectory()) {
    for (const entry of readdirSync(folder).sort())
      if (entry.endsWith('.json')) files.push(join(folder, entry))
  }
  return files
}

function parse(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch (error) {
    throw new Error(`${relative(process.cwd(), file)}: not valid JSON (${(error as Error).message}).`, {
      cause: error,
    })
  }
}

/** The seed set `name` of `dataDir`, or undefined when it has no file at all. */
export function readSeedSet<T>(dataDir: string, name: string): T | undefined {
  const files = seedSetFiles(dataDir, name)
  if (!files.length) return undefined
  const parts = files.map((file) => ({ file, data: parse(file) }))
  if (parts.every((part) => Array.isArray(part.data))) {
    return parts.flatMap((part) => part.data as unknown[]) as T
  }
  const merged: Record<string, unknown> = {}
  const from = new Map<string, string>()
  for (const { file, data } of parts) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new Error(
        `${relative(process.cwd(), file)}: the seed set '${name}' mixes arrays and maps: every file of it must be a JSON ${Array.isArray(parts[0]?.data) ? 'array' : 'object'}.`,
      )
    }
    for (const [key, value] of Object.entries(data)) {
      const earlier = from.get(key)
      if (earlier) {
        throw new Error(
          `${relative(process.cwd(), file)}: '${key}' is already defined in ${relative(process.cwd(), earlier)}: keep one definition.`,
        )
      }
      from.set(key, file)
      merged[key] = value
    }
  }
  return merged as T
}
