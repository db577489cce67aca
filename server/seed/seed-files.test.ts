import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readSeedSet } from './seed-files.ts'

let dir: string
const write = (name: string, data: unknown) => {
  mkdirSync(join(dir, name, '..'), { recursive: true })
  writeFileSync(join(dir, name), JSON.stringify(data))
}
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'seed-set-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('seed sets: a base file and a folder of module files', () => {
  it('concatenates arrays, base file first, then the folder by file name', () => {
    write('menus.json', [{ code: 'a' }])
    write('menus/20-winv.json', [{ code: 'c' }])
    write('menus/10-hiam.json', [{ code: 'b' }])
    expect(readSeedSet(dir, 'menus')).toEqual([{ code: 'a' }, { code: 'b' }, { code: 'c' }])
  })

  it('merges maps and refuses a key defined twice, naming both files', () => {
    write('lookups.json', { A: 1 })
    write('lookups/winv.json', { B: 2 })
    expect(readSeedSet(dir, 'lookups')).toEqual({ A: 1, B: 2 })
    write('lookups/wmdm.json', { A: 3 })
    expect(() => readSeedSet(dir, 'lookups')).toThrow(/'A' is already defined in .*lookups\.json/)
  })

  it('has nothing for a set without files, and names a file that is not JSON', () => {
    expect(readSeedSet(dir, 'prompts')).toBeUndefined()
    mkdirSync(join(dir, 'prompts'))
    writeFileSync(join(dir, 'prompts', 'x.json'), '[{')
    expect(() => readSeedSet(dir, 'prompts')).toThrow(/x\.json: not valid JSON/)
  })
})
