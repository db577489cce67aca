import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as outlineStories from './DesignerOutline.stories'
import * as diffStories from './DiffView.stories'
import * as propertyStories from './PropertyPanel.stories'
import * as textStories from './TextsPanel.stories'

const { Column, FieldWithProblem } = composeStories(propertyStories, preview)
const { Texts } = composeStories(textStories, preview)
const { Changes, NoChanges } = composeStories(diffStories, preview)
const { Warehouse } = composeStories(outlineStories, preview)

test('the property panel lists the language’s properties with descriptions and choices, and sets the chosen one', async () => {
  render(<Column />)
  const panel = await screen.findByRole('region', { name: 'Properties' })
  for (const property of ['field', 'width', 'fixed', 'sortable', 'align', 'ellipsis', 'filter', 'summary'])
    expect(within(panel).getByText(property, { selector: 'code' })).toBeInTheDocument()
  expect(within(panel).getByText('Pin the column.')).toBeInTheDocument()
  await userEvent.click(within(panel).getByRole('combobox', { name: 'fixed' }))
  const choices = await screen.findAllByTitle('right')
  await userEvent.click(choices.at(-1)!)
  expect(Column.args.onSet).toHaveBeenCalledWith('fixed', 'right')
})

test('a problem of the check shows under the property it concerns, with its fix', async () => {
  render(<FieldWithProblem />)
  const panel = await screen.findByRole('region', { name: 'Properties' })
  const maxLength = within(panel).getByRole('spinbutton', { name: 'maxLength' })
  const item = maxLength.closest('.ant-form-item')!
  expect(item).toHaveClass('ant-form-item-has-error')
  expect(item).toHaveTextContent('must be >= 1 (give the longest allowed text, at least 1)')
})

test('texts: three languages side by side, a missing one and an untranslated one flagged, a change committed', async () => {
  render(<Texts />)
  expect(await screen.findAllByText('Translation missing')).toHaveLength(1)
  expect(screen.getByRole('textbox', { name: 'wmdm.warehouse.help.area zh_TW' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  expect(screen.getAllByText('Same as English: not translated yet?')).toHaveLength(2)
  const chinese = screen.getByRole('textbox', { name: 'wmdm.warehouse.field.managerName zh_CN' })
  await userEvent.clear(chinese)
  await userEvent.type(chinese, '负责人{Enter}')
  expect(Texts.args.onSetText).toHaveBeenCalledWith('wmdm.warehouse.field.managerName', 'zh_CN', '负责人')
})

test('the diff shows only the changed lines with their context, and says when nothing changed', async () => {
  const view = render(<Changes />)
  const diff = await screen.findByTestId('designer-diff')
  const added = [...diff.querySelectorAll('[data-kind="added"]')].map((line) => line.textContent)
  const removed = [...diff.querySelectorAll('[data-kind="removed"]')].map((line) => line.textContent)
  expect(added).toContain('+      { "field": "managerName", "sortable": true }')
  expect(removed).toContain(
    '-    "wmdm.warehouse.field.address": { "zh_CN": "地址", "en_US": "Address", "zh_TW": "地址" },',
  )
  expect(diff.textContent).not.toContain('"$schema"')
  view.unmount()
  render(<NoChanges />)
  expect(await screen.findByText('No changes')).toBeInTheDocument()
})

test('the outline: the first item cannot move up, the move buttons and removal name the item', async () => {
  render(<Warehouse />)
  const columns = await screen.findByRole('region', { name: 'Table columns' })
  expect(within(columns).getByRole('button', { name: 'Move up: Warehouse code' })).toBeDisabled()
  await userEvent.click(within(columns).getByRole('button', { name: 'Move up: Warehouse name' }))
  expect(Warehouse.args.onMove).toHaveBeenCalledWith(
    expect.objectContaining({ pointer: '/table/columns' }),
    1,
    0,
  )
  expect(within(columns).getByRole('button', { name: 'Select: Warehouse name' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})
