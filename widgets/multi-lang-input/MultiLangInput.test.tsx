import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './MultiLangInput.stories'

const { NewRecord, Stored, LoadFails, ReadPretty, Disabled } = composeStories(stories, preview)
const values = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Edit the value in each language' }))
  return screen.findByRole('dialog')
}

test('PLAT-I18N-06/08: reads the stored values per language with the record token and field name', async () => {
  render(<Stored />)
  const dialog = await openDialog()
  await waitFor(() => expect(within(dialog).getByLabelText('Simplified Chinese')).toHaveValue('上海冷库'))
  expect(within(dialog).getByLabelText('English')).toHaveValue('Shanghai cold store')
  expect(within(dialog).getByLabelText('Traditional Chinese')).toHaveValue('上海冷庫')
  const call = currentStoryEnv().calls.find((c) => c.path === '/v1/multi-language')
  expect(call).toMatchObject({
    service: 'hpfm',
    params: { _token: 'wms/warehouse:1001', fieldName: 'value' },
  })
})

test('PLAT-I18N-04/05: keeps every language under _tls and only the current language in the field', async () => {
  render(<NewRecord />)
  await userEvent.type(screen.getByRole('textbox', { name: 'Warehouse name' }), 'Ningbo port')
  const dialog = await openDialog()
  expect(within(dialog).getByLabelText('English')).toHaveValue('Ningbo port')
  expect(within(dialog).getByLabelText('Simplified Chinese')).toHaveValue('')
  await userEvent.type(within(dialog).getByLabelText('Simplified Chinese'), '宁波港仓')
  await userEvent.clear(within(dialog).getByLabelText('English'))
  await userEvent.type(within(dialog).getByLabelText('English'), 'Ningbo port warehouse')
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }))
  await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('"Ningbo port warehouse"'))
  expect(values()._tls).toEqual({ value: { zh_CN: '宁波港仓', en_US: 'Ningbo port warehouse', zh_TW: '' } })
  expect(currentStoryEnv().calls.some((c) => c.path === '/v1/multi-language')).toBe(false)
  // typing again updates the current language's translation too
  await userEvent.type(screen.getByRole('textbox', { name: 'Warehouse name' }), ' 2')
  expect(values()._tls).toMatchObject({ value: { en_US: 'Ningbo port warehouse 2', zh_CN: '宁波港仓' } })
})

test('PLAT-I18N-07: a failed read shows blank values for the other languages and says so', async () => {
  render(<LoadFails />)
  const dialog = await openDialog()
  await waitFor(() =>
    expect(currentStoryEnv().notices).toEqual([
      {
        type: 'warning',
        message:
          'The translations could not be loaded: reload the form to see them; languages you leave blank keep their stored value',
      },
    ]),
  )
  expect(within(dialog).getByLabelText('Simplified Chinese')).toHaveValue('')
  expect(within(dialog).getByLabelText('English')).toHaveValue('Shanghai cold store')
})

test('read-pretty shows the text; disabled cannot open the dialog', () => {
  render(<ReadPretty />)
  expect(screen.getByText('Shanghai cold store')).toBeInTheDocument()
  render(<Disabled />)
  expect(screen.getByRole('button', { name: 'Edit the value in each language' })).toBeDisabled()
})
