import { screen } from '@testing-library/react'
import { message } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { adminUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

// jsdom has no Fullscreen API; these install a working one on the document for a test.
function installFullscreen() {
  let element: Element | null = null
  const change = () => document.dispatchEvent(new Event('fullscreenchange'))
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true })
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element })
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    configurable: true,
    value: async () => {
      element = document.documentElement
      change()
    },
  })
  Object.defineProperty(document, 'exitFullscreen', {
    configurable: true,
    value: async () => {
      element = null
      change()
    },
  })
}
function removeFullscreen() {
  for (const name of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen']) {
    Reflect.deleteProperty(document, name)
  }
  Reflect.deleteProperty(document.documentElement, 'requestFullscreen')
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  removeFullscreen()
  message.destroy()
})

describe('header full-screen toggle (PLAT-HDR-04/05)', () => {
  it('warns "you browser can not work" where the browser cannot go full screen', async () => {
    const { user } = renderSignedIn()
    await user.click(screen.getByRole('button', { name: 'Full screen' }))
    expect(await screen.findByText('you browser can not work')).toBeInTheDocument()
  })

  it('says so in zh_CN too', async () => {
    const { user } = renderSignedIn({ user: { ...adminUser, language: 'zh_CN' } })
    await user.click(screen.getByRole('button', { name: '全屏' }))
    expect(await screen.findByText('您的浏览器不支持全屏')).toBeInTheDocument()
  })

  it('enters and leaves full screen where it can', async () => {
    installFullscreen()
    const { user } = renderSignedIn()
    await user.click(screen.getByRole('button', { name: 'Full screen' }))
    expect(document.fullscreenElement).toBe(document.documentElement)
    await user.click(await screen.findByRole('button', { name: 'Exit full screen' }))
    expect(document.fullscreenElement).toBeNull()
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument()
    expect(screen.queryByText('you browser can not work')).toBeNull()
  })
})
