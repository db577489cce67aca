import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './MulLov.stories'

const { AcrossPages, WithValue, ReadOnly, ServerError } = composeStories(stories, preview)

const formValues = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const openPopup = async () => {
  const button = await screen.findByRole('button', { name: 'Choose Warehouses' })
  await waitFor(() => expect(button).toBeEnabled())
  fireEvent.click(button)
  return screen.findByRole('dialog')
}
const checkRow = (modal: HTMLElement, text: string) =>
  fireEvent.click(
    within(modal).getByText(text).closest('tr')?.querySelector('input[type=checkbox]') as Element,
  )

test('CORE-LOV-06: choices on two pages are kept and confirmed together', async () => {
  render(<AcrossPages />)
  const modal = await openPopup()
  await within(modal).findByText('Shanghai warehouse 1')
  checkRow(modal, 'Shanghai warehouse 1')
  checkRow(modal, 'Hangzhou warehouse 2')
  fireEvent.click(within(modal).getByTitle('2'))
  await within(modal).findByText('Wuxi warehouse 56')
  expect(currentStoryEnv().calls.at(-1)?.params).toMatchObject({ page: 1, size: 50 })
  checkRow(modal, 'Wuxi warehouse 56')
  expect(within(modal).getByText('3 selected')).toBeInTheDocument()
  fireEvent.click(within(modal).getByText('OK'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toEqual({
    warehouseIds: [1000, 1001, 1055],
    warehouseNames: 'Shanghai warehouse 1,Hangzhou warehouse 2,Wuxi warehouse 56',
  })
}, 60_000)

test('with a value the chosen rows are shown and pre-selected in the popup', async () => {
  render(<WithValue />)
  expect(await screen.findByText('Hangzhou warehouse 2')).toBeInTheDocument()
  const modal = await openPopup()
  await within(modal).findByText('Shanghai warehouse 1')
  expect(within(modal).getByText('2 selected')).toBeInTheDocument()
})

test('read-only shows the kept texts', async () => {
  render(<ReadOnly />)
  expect(await screen.findByText('Shanghai warehouse 1,Hangzhou warehouse 2')).toBeInTheDocument()
})

test('a failing query shows the server message', async () => {
  render(<ServerError />)
  const modal = await openPopup()
  expect(
    await within(modal).findByText('The list could not be loaded: Search failed on the server'),
  ).toBeInTheDocument()
})
