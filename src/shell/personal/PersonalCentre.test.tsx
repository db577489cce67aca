import { screen, waitFor, within } from '@testing-library/react'
import { message, notification } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderSignedIn } from '../../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  message.destroy()
  notification.destroy()
})

const accept = () => ({ status: 200, body: {} })
const puts = (ui: ReturnType<typeof renderSignedIn>) =>
  ui.sent.filter((r) => r.method === 'PUT').map((r) => ({ url: r.url, body: r.body }))

describe('personal centre (/hiam/user/info, PLAT-HDR-07)', () => {
  it('opens from the user menu in a tab of its own, with a page header carrying tabs (PLAT-SHELL-09)', async () => {
    const ui = renderSignedIn({ handler: accept })
    await ui.user.click(screen.getByRole('button', { name: /Admin/ }))
    await ui.user.click(await screen.findByText('Personal centre'))
    await waitFor(() => expect(ui.router.state.location.pathname).toBe('/hiam/user/info'))
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Preferences' })).toBeInTheDocument()
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Personal centre')).toBeInTheDocument()
  })

  it('saves the name, then reloads so the header shows it', async () => {
    const ui = renderSignedIn({ path: '/hiam/user/info', handler: accept })
    const name = await screen.findByLabelText('Name')
    await ui.user.clear(name)
    await ui.user.type(name, 'Ada')
    await ui.user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(ui.browser.reloads).toBe(1))
    expect(puts(ui)).toEqual([{ url: '/api/iam/hzero/v1/users/self', body: { realName: 'Ada', email: '' } }])
  })

  it('names every rule a weak new password breaks and sends nothing', async () => {
    const ui = renderSignedIn({ path: '/hiam/user/info', handler: accept })
    await ui.user.click(await screen.findByRole('tab', { name: 'Password' }))
    await ui.user.type(await screen.findByLabelText('Current password'), 'Admin@123')
    await ui.user.type(screen.getByLabelText('New password'), 'admin1')
    await ui.user.type(screen.getByLabelText('Confirm the new password'), 'admin1')
    await ui.user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(
      await screen.findByText(
        'The new password needs at least 8 characters, at least 1 upper-case letter(s), at least 1 special character(s) such as @ # $, not to contain your login name',
      ),
    ).toBeInTheDocument()
    expect(puts(ui)).toEqual([])
  })

  it('a good new password is sent with the current one', async () => {
    const ui = renderSignedIn({ path: '/hiam/user/info', handler: accept })
    await ui.user.click(await screen.findByRole('tab', { name: 'Password' }))
    await ui.user.type(await screen.findByLabelText('Current password'), 'Admin@123')
    await ui.user.type(screen.getByLabelText('New password'), 'Better@2024')
    await ui.user.type(screen.getByLabelText('Confirm the new password'), 'Better@2024')
    await ui.user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(puts(ui)).toEqual([
        {
          url: '/api/iam/hzero/v1/users/password',
          body: { originalPassword: 'Admin@123', password: 'Better@2024' },
        },
      ]),
    )
  })

  it('the language choice lists the languages of HPFM.LANGUAGE in their order and names, only those with texts', async () => {
    const ui = renderSignedIn({
      path: '/hiam/user/info',
      handler: (request) =>
        request.url.includes('/lovs/value/batch')
          ? {
              status: 200,
              body: {
                'HPFM.LANGUAGE': [
                  { value: 'zh_TW', meaning: '正體中文', orderSeq: 0 },
                  { value: 'xx_XX', meaning: 'Nowhere', orderSeq: 1 },
                  { value: 'en_US', meaning: 'English', orderSeq: 2 },
                ],
              },
            }
          : { status: 200, body: {} },
    })
    await ui.user.click(await screen.findByRole('tab', { name: 'Preferences' }))
    const form = (await screen.findByRole('button', { name: 'Save' })).closest('form')!
    await ui.user.click(within(form).getAllByRole('combobox')[0]!)
    // The value set's names, in its order; xx_XX has no texts in the app and is not offered.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label') ?? o.textContent)).toEqual(
        ['正體中文', 'English'],
      ),
    )
  })
})
