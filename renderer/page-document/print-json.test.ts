import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { format } from 'prettier'
import { describe, expect, test } from 'vitest'
import { parseJsonTree, toJsonTree } from './json-tree'
import { printJsonTree } from './print-json'

const files = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name))

describe('printJsonTree', () => {
  test('prints every page and model file of the repository back byte for byte', () => {
    const changed: string[] = []
    const all = [...files('schemas/pages'), ...files('schemas/models')]
    for (const file of all) {
      const text = readFileSync(file, 'utf8')
      if (printJsonTree(parseJsonTree(text)) !== text) changed.push(file)
    }
    expect(all.length).toBeGreaterThan(400)
    expect(changed).toEqual([])
  })

  test('prints new values as prettier does (objects, arrays, numbers, wide characters)', async () => {
    const key = fc.constantFrom('a', 'field', 'zh_CN', 'description', 'aVeryLongPropertyNameIndeed')
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('仓库编码', '倉庫編碼只能包含大寫字母、數字、底線和短橫線', '😀 ok', 'x'.repeat(90)),
    )
    const leaf = fc.oneof(text, fc.integer({ min: -1000, max: 100000 }), fc.boolean(), fc.constant(null))
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('value'), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 99999 }), { minLength: 1, maxLength: 50 }),
        fc.dictionary(key, tie('value'), { maxKeys: 5 }),
      ),
    }))
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 5 }), async (data) => {
        const expected = await format(JSON.stringify(data), { parser: 'json', printWidth: 110 })
        expect(printJsonTree(toJsonTree(data))).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  test('keeps an object written across lines on several lines, as prettier does', async () => {
    const text = '{\n  "a": {\n    "b": 1\n  },\n  "c": { "d": [1, 2] }\n}\n'
    expect(printJsonTree(parseJsonTree(text))).toBe(await format(text, { parser: 'json', printWidth: 110 }))
    expect(printJsonTree(parseJsonTree(text))).toBe(text)
  })
})
