/**
 * A tab switch or a menu click renders what shows where the user is (menus, breadcrumbs, the tab bar and the two
 * pages shown and hidden), not the whole shell: the header with its switchers and notices stays as it was
 * (bench measure 4 times tab switches).
 */
import { act, screen } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import type * as HeaderBarModule from './HeaderBar'

const renders = vi.hoisted(() => ({ header: 0 }))
vi.mock('./HeaderBar', async (importOriginal) => {
  const original = await importOriginal<typeof HeaderBarModule>()
  return {
    ...original,
    HeaderBar: (props: Parameters<typeof original.HeaderBar>[0]) => {
      renders.header += 1
      return original.HeaderBar(props)
    },
  }
})

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

it('navigating between pages does not render the header again', async () => {
  // The unit project shares modules between files: load the shell again so it takes the counting header.
  vi.resetModules()
  const { renderSignedIn } = await import('../test-support/render-signed-in')
  const { router } = renderSignedIn()
  await screen.findByTestId('shell-header')
  const before = renders.header
  expect(before).toBeGreaterThan(0)
  for (const path of ['/wmdm/warehouse', '/workplace', '/wmdm/warehouse'])
    await act(async () => {
      await router.navigate(path)
    })
  expect(router.state.location.pathname).toBe('/wmdm/warehouse')
  expect(renders.header).toBe(before)
})
