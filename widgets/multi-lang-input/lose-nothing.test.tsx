/**
 * Issue 22: a failed read of the translations (e.g. a record token the server did not know) must not let a save
 * store blanks over them. Only what was read or typed goes to `_tls`.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './MultiLangInput.stories'

const { LoadFails, Stored } = composeStories(stories, preview)
const values = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Edit the value in each language' }))
  return screen.findByRole('dialog')
}

test('after a failed read, OK sends only the current language and the languages typed, never blanks', async () => {
  render(<LoadFails />)
  const dialog = await openDialog()
  const simplified = within(dialog).getByLabelText('Simplified Chinese')
  await waitFor(() => expect(simplified).toHaveAttribute('placeholder', 'Not read: the stored value is kept'))
  await userEvent.type(within(dialog).getByLabelText('Traditional Chinese'), '上海冷庫')
  await userEvent.click(within(dialog).getByRole('button', { name: /OK$/ }))
  await waitFor(() =>
    expect(values()._tls).toEqual({ value: { en_US: 'Shanghai cold store', zh_TW: '上海冷庫' } }),
  )
})

test('after a good read, OK sends every language (a cleared one is a deliberate blank)', async () => {
  render(<Stored />)
  const dialog = await openDialog()
  const simplified = within(dialog).getByLabelText('Simplified Chinese')
  await waitFor(() => expect(simplified).toHaveValue('上海冷库'))
  await userEvent.clear(simplified)
  await userEvent.click(within(dialog).getByRole('button', { name: /OK$/ }))
  await waitFor(() =>
    expect(values()._tls).toEqual({
      value: { zh_CN: '', en_US: 'Shanghai cold store', zh_TW: '上海冷庫' },
    }),
  )
})
