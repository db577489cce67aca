import { describe, expect, it } from 'vitest'
import { createI18n } from '../locales/i18n'
import { createAppServices } from '../stores/app-services'
import { fakeServer, type FakeHandler } from '../test-support/fake-adapter'
import { recordingBrowser } from '../test-support/render-signed-in'
import { loadPageFile, loadPageIndex } from './page-files'

const served = {
  file: 'schemas/pages/wmdm/carrier.page.json',
  route: '/wmdm/carrier',
  kind: 'list',
  source: '{\n  "kind": "list",\n  "route": "/wmdm/carrier"\n}\n',
}

function client(handler: FakeHandler) {
  const server = fakeServer(handler)
  const services = createAppServices({
    i18n: createI18n('en_US'),
    browser: recordingBrowser(),
    adapter: server.adapter,
  })
  return { http: services.http, sent: server.sent }
}

describe('pages served by the server at run time', () => {
  it('indexes the served page files by route, leaving out files without one', async () => {
    const { http, sent } = client(() => ({
      status: 200,
      body: [
        { file: served.file, route: served.route, kind: 'list', errors: 0 },
        { file: 'schemas/pages/bad.page.json', route: '', kind: '', errors: 1 },
      ],
    }))
    expect(await loadPageIndex(http)).toEqual({ [served.file]: '/wmdm/carrier' })
    expect(sent[0]?.url).toBe('/api/hpfm/v1/page-schemas')
  })

  it('loads a page by file with its source text, for line:column in error panels', async () => {
    const { http, sent } = client(() => ({ status: 200, body: served }))
    const loaded = await loadPageFile(http, { file: served.file })
    expect(loaded.page).toMatchObject({ route: '/wmdm/carrier' })
    expect(loaded.source).toBe(served.source)
    expect(sent[0]?.url).toBe(`/api/hpfm/v1/page-schemas/page?file=${encodeURIComponent(served.file)}`)
  })

  it("names the file when the server's text is not JSON", async () => {
    const { http } = client(() => ({ status: 200, body: { ...served, source: '{ "kind": ' } }))
    await expect(loadPageFile(http, { route: '/wmdm/carrier' })).rejects.toThrow(
      'schemas/pages/wmdm/carrier.page.json: not valid JSON',
    )
  })

  it("passes on the server's message when no page answers the route", async () => {
    const message =
      'No page file declares the route /nope: add one under the pages directory and restart the server.'
    const { http } = client(() => ({
      status: 404,
      body: { failed: true, code: 'error.not_found', message, type: 'error' },
    }))
    await expect(loadPageFile(http, { route: '/nope' })).rejects.toThrow(message)
  })
})
