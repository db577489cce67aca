import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSpecRoutes, routeGaps } from './lib/route-coverage'

const root = resolve(import.meta.dirname, '..')

describe('every route of the spec is a screen (schemas/routes.tsv)', () => {
  it('has a page file and a menu entry (or a parent menu) for every route, or is drawn by the shell', () => {
    const gaps = routeGaps(root).map((gap) => `${gap.route.path}: missing ${gap.missing.join(' and ')}`)
    expect(gaps, 'npm run routes:coverage lists them').toEqual([])
  })

  it('reads all 437 routes of the spec', () => {
    expect(readSpecRoutes(root)).toHaveLength(437)
  })
})
