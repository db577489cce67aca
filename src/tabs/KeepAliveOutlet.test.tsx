import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { CurrentPage, useKeptPage, usePageAddress } from './kept-page'
import { KeepAliveOutlet, type KeptEntry } from './KeepAliveOutlet'
import { createPageCache } from './page-cache'
import { createTabStore, tabTitle } from './tab-store'
import { TabTitleContext, useTabTitle } from './use-tab-title'

const mounts: string[] = []
const renders = new Map<string, number>()
const rendered = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1)

function NumberedPage() {
  const { n } = useParams()
  const kept = useKeptPage()
  rendered(`p${n}`)
  useEffect(() => void mounts.push(`p${n}`), [n])
  return (
    <label>
      Page {n} at {kept.pathname} ({kept.active ? 'shown' : 'hidden'})
      <input aria-label={`field ${n}`} />
    </label>
  )
}

/** A page that reads only its address, as the schema page host and the tab title do. */
function AddressOnly() {
  const { pathname } = usePageAddress()
  rendered(pathname)
  return <p>At {pathname}</p>
}

function Shell({ isKept }: { isKept: (key: string) => boolean }) {
  const { pathname } = useLocation()
  const [cache] = useState(() => createPageCache<KeptEntry>('/p/0'))
  return (
    <KeepAliveOutlet
      activeKey={pathname === '/404' ? undefined : pathname}
      cache={cache}
      isKept={isKept}
      dropsOnLeave={(from, to) => from === '/p/5' && to === '/p/0'}
    />
  )
}

function setup(isKept: (key: string) => boolean = () => true) {
  mounts.length = 0
  renders.clear()
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell isKept={isKept} />,
        children: [
          { path: 'p/:n', element: <NumberedPage /> },
          { path: 'q/:n', element: <AddressOnly /> },
          { path: '404', element: <p>Not found</p> },
        ],
      },
    ],
    { initialEntries: ['/p/0'] },
  )
  render(<RouterProvider router={router} />)
  const go = (to: string) => act(() => router.navigate(to))
  return { go, user: userEvent.setup() }
}

describe('keep-alive outlet (PLAT-SHELL-12/13)', () => {
  it('takes the focus out of a page that is hidden (open popups close with it)', async () => {
    const { go, user } = setup()
    await user.click(screen.getByRole('textbox', { name: 'field 0' }))
    expect(screen.getByRole('textbox', { name: 'field 0' })).toHaveFocus()
    await go('/p/1')
    expect(document.activeElement).toBe(document.body)
  })

  it('lets a page name its tab while it is mounted', async () => {
    const store = createTabStore({ home: { key: '/p/0', routeTitle: 'Home' }, roleCode: 'tenant-admin' })
    function Titled() {
      useTabTitle('Warehouse WH-E001')
      return null
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <CurrentPage>
              <Titled />
            </CurrentPage>
          ),
        },
      ],
      { initialEntries: ['/p/3?x=1'] },
    )
    store.open({ key: '/p/3?x=1', pathname: '/p/3', routeTitle: 'Route' })
    const view = render(
      <TabTitleContext.Provider value={store.setCustomTitle}>
        <RouterProvider router={router} />
      </TabTitleContext.Provider>,
    )
    expect(tabTitle(store.getState().tabs[1]!)).toBe('Warehouse WH-E001')
    view.unmount()
    expect(tabTitle(store.getState().tabs[1]!)).toBe('Route')
  })

  it('keeps a hidden page mounted with what was typed, and shows it again', async () => {
    const { go, user } = setup()
    await user.type(screen.getByRole('textbox', { name: 'field 0' }), 'typed text')
    await go('/p/1')
    expect(screen.queryByRole('textbox', { name: 'field 0' })).toBeNull() // hidden: display none
    expect(screen.getByText(/Page 0 at \/p\/0 \(hidden\)/)).toBeInTheDocument()
    expect(screen.getByText(/Page 1 at \/p\/1 \(shown\)/)).toBeInTheDocument()
    await go('/p/0')
    expect(screen.getByRole('textbox', { name: 'field 0' })).toHaveValue('typed text')
    expect(mounts).toEqual(['p0', 'p1'])
  })

  it('re-renders no hidden page when the router moves, and a page reading only its address not even when shown', async () => {
    const { go } = setup()
    await go('/p/1')
    const hiddenHome = renders.get('p0')
    await go('/p/2')
    await go('/p/3')
    expect(renders.get('p0')).toBe(hiddenHome) // hidden all along: not rendered by the navigations
    for (const to of ['/q/1', '/q/2', '/q/1', '/q/2', '/q/1']) await go(to)
    expect(renders.get('/q/1')).toBe(1) // shown, hidden and shown again: its address never changed
    expect(renders.get('/q/2')).toBe(1)
    expect(screen.getByText('At /q/1')).toBeInTheDocument()
  })

  it('an 11th page evicts the least recently shown one, which mounts afresh when shown again; home stays', async () => {
    const { go, user } = setup()
    await go('/p/1')
    await user.type(screen.getByRole('textbox', { name: 'field 1' }), 'lost')
    for (let n = 2; n <= 10; n++) await go(`/p/${n}`)
    expect(mounts).toHaveLength(11)
    expect(screen.queryByText(/Page 1 at/)).toBeNull()
    expect(screen.getByText(/Page 0 at/)).toBeInTheDocument()
    await go('/p/1')
    expect(screen.getByRole('textbox', { name: 'field 1' })).toHaveValue('')
    expect(mounts.filter((m) => m === 'p1')).toHaveLength(2)
  })

  it('shows pages without a key plainly, drops closed tabs and pages a leave rule drops', async () => {
    let open = new Set(['/p/0', '/p/5', '/p/6'])
    const { go, user } = setup((key) => open.has(key))
    await go('/404')
    expect(screen.getByText('Not found')).toBeInTheDocument()
    await go('/p/6')
    expect(screen.queryByText('Not found')).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'field 6' }), 'x')
    await go('/p/5')
    await user.type(screen.getByRole('textbox', { name: 'field 5' }), 'y')
    await go('/p/0') // leaving /p/5 for /p/0 drops it
    expect(screen.queryByText(/Page 5 at/)).toBeNull()
    open = new Set(['/p/0']) // the tab of /p/6 closed
    await go('/p/7')
    expect(screen.queryByText(/Page 6 at/)).toBeNull()
  })
})
