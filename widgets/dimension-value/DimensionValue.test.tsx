import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './DimensionValue.stories'

const { WarehouseEqual, WarehouseIn, WithoutDimension, ReadOnly } = composeStories(stories, preview)

const formValues = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const openPopup = async () => {
  const button = await screen.findByRole('button', { name: 'Choose Value' })
  await waitFor(() => expect(button).toBeEnabled())
  fireEvent.click(button)
  return screen.findByRole('dialog')
}
const dimensionCalls = () => currentStoryEnv().calls.filter((c) => c.path === '/v1/1/data-dimensions')

test("a rule on the field a LOV dimension follows picks its value in the dimension's Lov, stored as text", async () => {
  render(<WarehouseEqual />)
  const modal = await openPopup()
  expect(dimensionCalls()[0]?.params).toMatchObject({
    fieldName: 'warehouseId',
    sourceType: 'LOV',
    enabledFlag: 1,
  })
  fireEvent.doubleClick(await within(modal).findByText('Hangzhou warehouse 2'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toMatchObject({ ruleValue: '1001' })
}, 60_000)

test('IN picks several rows, kept comma-separated; changing the operator to LIKE types the value', async () => {
  render(<WarehouseIn />)
  expect(await screen.findByText('Shanghai warehouse 1')).toBeInTheDocument()
  const modal = await openPopup()
  await within(modal).findByText('Hangzhou warehouse 2')
  fireEvent.click(
    within(modal)
      .getByText('Hangzhou warehouse 2')
      .closest('tr')
      ?.querySelector('input[type=checkbox]') as Element,
  )
  fireEvent.click(within(modal).getByText('OK'))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(formValues()).toMatchObject({ ruleValue: '1000,1001' })

  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'LIKE' } })
  const typed = await screen.findByRole('textbox', { name: 'Value' })
  fireEvent.change(typed, { target: { value: 'WH' } })
  expect(formValues()).toMatchObject({ operator: 'LIKE', ruleValue: 'WH' })
}, 60_000)

test('a field no LOV dimension follows types its value; read-only shows the stored text', async () => {
  const { unmount } = render(<WithoutDimension />)
  await waitFor(() => expect(dimensionCalls()).toHaveLength(1))
  expect(screen.queryByRole('button', { name: 'Choose Value' })).toBeNull()
  fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '{userId}' } })
  expect(formValues()).toMatchObject({ ruleValue: '{userId}' })
  unmount()
  render(<ReadOnly />)
  expect(screen.getByText('1000,1001')).toBeInTheDocument()
})
