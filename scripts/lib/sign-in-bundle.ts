/**
 * The JavaScript a browser fetches to sign in and draw /workplace, read from the built app (dist/app) without a
 * browser: the module scripts of index.html and their static imports (the sign-in page: `src/main.ts`), then the
 * chunks those import dynamically (`src/boot.tsx`, which draws the shell and the workplace) with theirs. Lazy
 * chunks that boot imports dynamically (dialogs, pages, widgets) are not part of it: the browser fetches them
 * when they are used.
 *
 * Measure 5 of `npm run bench` counts the same path in a browser on the real server; this is its deterministic
 * half (same build, same bytes), checked by tests/e2e/sign-in-bundle.e2e.ts and `scripts/bundle-budget.ts`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** bench/README.md, measure 5: JavaScript to sign in and reach /workplace, gzip. */
export const SIGN_IN_BUDGET_KB = 350

export interface BundleFile {
  /** Path inside the built app, e.g. `assets/boot-Ab12.js`. */
  file: string
  /** Its size gzipped, as a server compressing it sends it (zlib's default level). */
  gzip: number
}

export interface SignInBundle {
  /** What the sign-in page itself loads (index.html's module scripts and their static imports). */
  entry: BundleFile[]
  /** Everything to sign in and draw /workplace: the entry's files, then the chunks it imports dynamically. */
  files: BundleFile[]
  /** Sum of `files`, in KB (1,024 bytes). */
  totalKb: number
}

// Static imports and re-exports as the bundler writes them: `import{a as b}from"./x.js"`, `import"./x.js"`,
// `export*from"./x.js"`. Quotes may be ', " or ` (rolldown writes backticks in dynamic imports).
const STATIC = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*\s{},]*?from\s*)?(["'`])(\.\/[^"'`]+?\.js)\1/gm
const DYNAMIC = /\bimport\((["'`])(\.\/[^"'`]+?\.js)\1\)/g
const SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="\/?([^"]+\.js)"/g

const targets = (code: string, pattern: RegExp) => [...code.matchAll(pattern)].map((m) => m[2] as string)

/** `dir`: the built app (`dist/app`). Throws with what to do when it is not built. */
export function signInBundle(dir: string): SignInBundle {
  const html = join(dir, 'index.html')
  if (!existsSync(html)) throw new Error(`${html} is missing: build the app first (npm run -s build).`)
  const code = new Map<string, string>()
  const read = (file: string) => {
    let text = code.get(file)
    if (text === undefined) {
      const path = join(dir, file)
      if (!existsSync(path)) throw new Error(`${path} is imported by the built app but missing: build again.`)
      text = readFileSync(path, 'utf8')
      code.set(file, text)
    }
    return text
  }
  /** `files` and their static imports, each once, in the order found. */
  const closure = (files: string[], into: string[] = []) => {
    for (let i = 0, queue = [...files]; i < queue.length; i++) {
      const file = queue[i] as string
      if (into.includes(file)) continue
      into.push(file)
      const folder = file.slice(0, file.lastIndexOf('/') + 1)
      queue.push(...targets(read(file), STATIC).map((target) => folder + target.slice(2)))
    }
    return into
  }
  const scripts = [...readFileSync(html, 'utf8').matchAll(SCRIPT)].map((m) => m[1] as string)
  const entry = closure(scripts)
  const dynamic = entry.flatMap((file) =>
    targets(read(file), DYNAMIC).map((target) => file.slice(0, file.lastIndexOf('/') + 1) + target.slice(2)),
  )
  const all = closure(dynamic, [...entry])
  const sized = (files: string[]) =>
    files.map((file) => ({ file, gzip: gzipSync(Buffer.from(read(file))).length }))
  const files = sized(all)
  return {
    entry: sized(entry),
    files,
    totalKb: files.reduce((sum, f) => sum + f.gzip, 0) / 1024,
  }
}
