/**
 * Menus follow the files live (issue 22): a `menu-changed` frame makes the signed-in shell fetch its menu again
 * and show a new screen's entry without a reload, the screen itself routable at once; the frames are parsed
 * strictly, a burst of them fetches the menu at most twice, and a refused model file's problems are shown with
 * file, line, pointer and fix.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire'
import { createI18n } from '../locales/i18n'
import {
  addedPages,
  coalesced,
  dispatchLiveFileFrame,
  modelProblemLines,
  parseLiveFileFrame,
} from '../routes/menu-refresh'
import { buildRouteTable } from '../routes/route-table'
import { createAppServices } from '../stores/app-services'
import { fakeServer } from '../test-support/fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from '../test-support/fixtures'
import { recordingBrowser } from '../test-support/render-signed-in'
import { AppRoot } from './AppRoot'
import { SignedInApp } from './SignedInApp'

const NEW_FILE = 'schemas/pages/live/dock-notes.page.json'
const NEW_ROUTE = '/live/dock-notes'
const withNewEntry: MenuNode[] = [
  ...adminMenus,
  {
    ...adminMenus[0]!,
    id: 900,
    name: 'Live',
    subMenus: [
      { ...adminMenus[0]!.subMenus![0]!, id: 901, parentId: 900, name: 'Dock notes', route: NEW_ROUTE },
    ],
  },
]
const menuFrame = (action = 'created') => ({
  key: 'menu-changed',
  type: 'S' as const,
  message: JSON.stringify({ type: 'menu-changed', file: NEW_FILE, action }),
})

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the live files frames', () => {
  it('are read strictly: another key, another type or unreadable text is not a change', () => {
    expect(parseLiveFileFrame(menuFrame())).toEqual({
      type: 'menu-changed',
      file: NEW_FILE,
      action: 'created',
    })
    expect(parseLiveFileFrame({ key: 'menu-changed', message: '{"type":"other"}' })).toBeUndefined()
    expect(parseLiveFileFrame({ key: 'menu-changed', message: 'not json' })).toBeUndefined()
    expect(parseLiveFileFrame({ key: 'hzero-web', message: '{"type":"menu-changed"}' })).toBeUndefined()
    expect(dispatchLiveFileFrame({ key: 'page-schema-changed', message: '{}' })).toBe(false)
  })

  it('name each problem of a refused model file with file, line, pointer and fix', () => {
    const change = parseLiveFileFrame({
      key: 'model-schema-changed',
      message: JSON.stringify({
        type: 'model-schema-changed',
        version: 3,
        applied: [],
        removed: [],
        refused: [
          {
            file: 'schemas/models/wms/note.model.json',
            problems: [
              {
                file: 'schemas/models/wms/note.model.json',
                line: 35,
                column: 7,
                pointer: '/fields/1/type',
                message: '"strng" is not allowed',
                fix: "did you mean 'string'?",
              },
            ],
          },
        ],
      }),
    })
    expect(change?.type).toBe('model-schema-changed')
    expect(modelProblemLines(change as never)).toEqual([
      `schemas/models/wms/note.model.json:35:7 /fields/1/type: "strng" is not allowed — did you mean 'string'?`,
    ])
  })

  it('give the router only the screens it has no route for', () => {
    const before = buildRouteTable(adminMenus, fixturePageIndex)
    const after = buildRouteTable(withNewEntry, { ...fixturePageIndex, [NEW_FILE]: NEW_ROUTE })
    expect(addedPages(before, after).map((page) => page.path)).toEqual([NEW_ROUTE])
    expect(addedPages(after, after)).toEqual([])
  })

  it('fetch the menu at most twice for a burst of changes', async () => {
    let runs = 0
    let release: () => void = () => undefined
    const refresh = coalesced(
      () =>
        new Promise<void>((resolve) => {
          runs += 1
          release = resolve
        }),
    )
    void refresh()
    void refresh()
    void refresh()
    expect(runs).toBe(1)
    release()
    await waitFor(() => expect(runs).toBe(2))
    release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(runs).toBe(2)
  })
})

describe('the signed-in shell', () => {
  it('shows a new menu entry when the server says the menu changed, and opens its screen, without a reload', async () => {
    window.history.replaceState(null, '', '/workplace')
    let menus = adminMenus
    let index: Record<string, string> = fixturePageIndex
    const server = fakeServer((req) => {
      const path = req.url.split('?')[0]
      if (path === '/api/iam/hzero/v1/users/self') return { status: 200, body: adminUser }
      if (path === '/api/iam/hzero/v1/member-roles/self-roles') return { status: 200, body: adminRoles }
      if (path === '/api/iam/hzero/v1/users/self-tenants') return { status: 200, body: adminTenants }
      if (path === '/api/iam/hzero/v1/menus/tree') return { status: 200, body: menus }
      if (path === '/api/hpfm/v1/page-schemas')
        return {
          status: 200,
          body: Object.entries(index).map(([file, route]) => ({ file, route, kind: 'list', errors: 0 })),
        }
      return { status: 200, body: {} }
    })
    const browser = recordingBrowser()
    const services = createAppServices({ i18n: createI18n('en_US'), browser, adapter: server.adapter })
    render(
      <AppRoot services={services}>{(setLanguage) => <SignedInApp setLanguage={setLanguage} />}</AppRoot>,
    )
    expect(await screen.findAllByText('Warehouses', undefined, { timeout: 20_000 })).not.toHaveLength(0)
    expect(screen.queryByText('Dock notes')).toBeNull()

    menus = withNewEntry
    index = { ...fixturePageIndex, [NEW_FILE]: NEW_ROUTE }
    act(() => void dispatchLiveFileFrame(menuFrame()))
    expect(await screen.findAllByText('Dock notes', undefined, { timeout: 10_000 })).not.toHaveLength(0)
    expect(browser.reloads).toBe(0)

    // The new screen is routable in this session: the router keeps its address (an unknown one goes to /404).
    act(() => services.router.navigate?.(NEW_ROUTE))
    await waitFor(() => expect(window.location.pathname).toBe(NEW_ROUTE))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(window.location.pathname).toBe(NEW_ROUTE)
  }, 60_000)
})
