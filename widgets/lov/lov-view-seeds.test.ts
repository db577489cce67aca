import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { LOV_MODAL_WIDTH } from '../../renderer/index'

const dir = resolve('server/seed/data/lov-views')

test('CORE-LOV-03: every seeded Lov view opens 720 wide (no width, or 720; an administrator may set another)', () => {
  const files = readdirSync(dir).filter((file) => file.endsWith('.json'))
  expect(files.length).toBeGreaterThan(0)
  const wrong: string[] = []
  for (const file of files) {
    const views = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { viewCode: string; width?: number }[]
    for (const view of views)
      if (view.width !== undefined && view.width !== LOV_MODAL_WIDTH)
        wrong.push(`${file} ${view.viewCode}: width ${view.width}`)
  }
  expect(wrong).toEqual([])
  expect(LOV_MODAL_WIDTH).toBe(720)
})
