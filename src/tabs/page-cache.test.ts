import { describe, expect, it } from 'vitest'
import { createPageCache, dropsOnLeave, KEEP_ALIVE_MAX } from './page-cache'

describe('page cache (PLAT-SHELL-13)', () => {
  it('holds 10 pages; the 11th evicts the least recently shown, never the pinned home', () => {
    expect(KEEP_ALIVE_MAX).toBe(10)
    const cache = createPageCache<string>('/workplace')
    cache.visit('/workplace', 'home')
    for (let i = 1; i <= 9; i++) expect(cache.visit(`/p${i}`, `page ${i}`)).toEqual([])
    cache.visit('/workplace', 'home') // home is now the most recent, p1 the oldest
    cache.visit('/p1', 'page 1') // p1 shown again: p2 becomes the oldest
    expect(cache.visit('/p10', 'page 10')).toEqual(['/p2'])
    expect(cache.keys()).toHaveLength(10)
    // home stays even when it is the least recently shown
    for (let i = 11; i <= 20; i++) cache.visit(`/p${i}`, `page ${i}`)
    expect(cache.keys()).toContain('/workplace')
    expect(cache.keys()).toHaveLength(10)
  })

  it('keeps first-mounted order, drops and retains by key, never drops home', () => {
    const cache = createPageCache<string>('/workplace')
    cache.visit('/workplace', 'h')
    cache.visit('/a', 'a')
    cache.visit('/b', 'b')
    cache.visit('/a', 'a2')
    expect(cache.keys()).toEqual(['/workplace', '/a', '/b'])
    expect(cache.get('/a')).toBe('a2')
    cache.drop('/workplace')
    cache.drop('/a')
    expect(cache.keys()).toEqual(['/workplace', '/b'])
    cache.retain(() => false)
    expect(cache.keys()).toEqual(['/workplace'])
  })
})

describe('pages dropped on leave (core §2, X-15)', () => {
  const listOf = (path: string) =>
    path.startsWith('/wmdm/warehouse/detail/') ? '/wmdm/warehouse' : undefined

  it('drops a detail page left for its list, and the requisition-note handling page left for anything', () => {
    expect(dropsOnLeave('/wmdm/warehouse/detail/7', '/wmdm/warehouse', listOf)).toBe(true)
    expect(dropsOnLeave('/wmdm/warehouse/detail/7', '/workplace', listOf)).toBe(false)
    expect(dropsOnLeave('/wmdm/warehouse', '/workplace', listOf)).toBe(false)
    expect(dropsOnLeave('/winv/requisitionNoteHandle', '/workplace', listOf)).toBe(true)
    expect(dropsOnLeave('/winv/requisitionNote', '/workplace', listOf)).toBe(false)
  })
})
