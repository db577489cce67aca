import { describe, expect, it } from 'vitest'
import { loadPageFile, pageIndex } from './page-files'

describe('page discovery from schemas/pages', () => {
  it('indexes every page file by its route and loads its JSON with the source text', async () => {
    expect(pageIndex['schemas/pages/wmdm/warehouse.page.json']).toBe('/wmdm/warehouse')
    const loaded = await loadPageFile('schemas/pages/wmdm/warehouse.page.json')
    expect(loaded.page).toMatchObject({ route: '/wmdm/warehouse' })
    expect(loaded.source).toContain('"route"')
  })

  it('names the file when the build has no such page', async () => {
    await expect(loadPageFile('schemas/pages/nope/missing.page.json')).rejects.toThrow(
      'schemas/pages/nope/missing.page.json: no such page file in this build',
    )
  })
})
