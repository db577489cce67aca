/**
 * The sign-in path read from a build follows what a browser fetches: index.html's module script, its static imports
 * and re-exports, the chunks it imports dynamically (boot) with theirs, and not the lazy chunks boot imports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { signInBundle } from './sign-in-bundle'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A built app of the given assets (name → code) behind an index.html loading `assets/index.js`. */
function build(assets: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'sign-in-bundle-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<head><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/helper.js"></head>',
  )
  for (const [name, code] of Object.entries(assets)) writeFileSync(join(dir, 'assets', name), code)
  return dir
}

const app = {
  'index.js': 'import{a as b}from"./helper.js";b(()=>import(`./boot.js`),[])',
  'helper.js': 'export const a=(f)=>f()',
  'boot.js':
    'import"./react.js";\nimport{x}from\'./antd.js\';export*from"./shell.js";const p=()=>import(`./lazy.js`)',
  'react.js': 'export{r}from"./scheduler.js"',
  'scheduler.js': 'export const r=1',
  'antd.js': 'export const x="import(`./never.js`)"',
  'shell.js': 'export const s=1',
  'lazy.js': 'import"./chart.js"',
  'chart.js': 'export const c=1',
}

describe('signInBundle', () => {
  it('takes the entry, its static imports and re-exports, and the chunks the entry imports dynamically', () => {
    const bundle = signInBundle(build(app))
    expect(bundle.entry.map((f) => f.file)).toEqual(['assets/index.js', 'assets/helper.js'])
    expect(bundle.files.map((f) => f.file).sort()).toEqual(
      ['index', 'helper', 'boot', 'react', 'scheduler', 'antd', 'shell'].map((n) => `assets/${n}.js`).sort(),
    )
  })

  it("leaves out boot's lazy chunks and counts every file once, gzipped", () => {
    const bundle = signInBundle(build(app))
    const files = bundle.files.map((f) => f.file)
    expect(files).not.toContain('assets/lazy.js')
    expect(files).not.toContain('assets/chart.js')
    expect(new Set(files).size).toBe(files.length)
    const sum = bundle.files.reduce((total, f) => total + f.gzip, 0)
    expect(bundle.totalKb).toBeCloseTo(sum / 1024, 6)
    expect(bundle.files.every((f) => f.gzip > 0)).toBe(true)
  })

  it('says to build when there is no build, and to build again when a chunk is missing', () => {
    expect(() => signInBundle(join(tmpdir(), 'no-such-build'))).toThrow(/build the app first/)
    const { 'shell.js': _gone, ...rest } = app
    expect(() => signInBundle(build(rest))).toThrow(/shell\.js is imported by the built app but missing/)
  })
})
