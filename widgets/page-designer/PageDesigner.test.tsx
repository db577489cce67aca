import { composeStories, composeStory } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { applyPageEdit, type ModelSchema } from '../../renderer/page-document/index'
import { designerBackend, grownModel, WAREHOUSE_FILE, warehouseText } from './designer-fixtures'
import * as stories from './PageDesigner.stories'

const { Designer, ReadOnlyServer, SaveRefused, WithoutPermission } = composeStories(stories, preview)
const outline = () => screen.findByRole('navigation', { name: 'Page elements' }, { timeout: 15000 })

describe('the page designer', () => {
  test('reorders, adds from the model, renames a text, undoes, and saves exactly those changes after showing the diff', async () => {
    const saved: unknown[] = []
    const Recorded = composeStory(
      { ...stories.Designer, parameters: { env: designerBackend({ saved }) } },
      stories.default,
      preview,
    )
    render(<Recorded />)
    const nav = await outline()
    const columns = within(nav).getByRole('region', { name: 'Table columns' })
    // move a column with the accessible buttons
    await userEvent.click(within(columns).getByRole('button', { name: 'Move down: Warehouse code' }))
    // add a model field the page does not show yet
    await userEvent.click(within(columns).getByRole('combobox', { name: /Add a field from the model/ }))
    await userEvent.click(await screen.findByTitle('Manager (managerName)'))
    expect(within(columns).getByRole('button', { name: 'Select: Manager' })).toBeInTheDocument()
    // rename the address label in en_US
    await userEvent.click(within(columns).getByRole('button', { name: 'Select: Address' }))
    const english = await screen.findByRole('textbox', { name: 'wmdm.warehouse.field.address en_US' })
    await userEvent.clear(english)
    await userEvent.type(english, 'Street address{Enter}')
    // one edit too many, undone
    await userEvent.click(within(columns).getByRole('button', { name: 'Remove: Remark' }))
    expect(within(columns).queryByRole('button', { name: 'Select: Remark' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /Undo/ }))
    expect(within(columns).getByRole('button', { name: 'Select: Remark' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Review changes and save' }))
    const diff = await screen.findByTestId('designer-diff')
    expect(diff).toHaveTextContent('+ { "field": "managerName", "sortable": true }')
    expect(diff).toHaveTextContent('"en_US": "Street address"')
    await userEvent.click(screen.getByRole('button', { name: 'Save to the file' }))
    // saved: nothing left to review
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Review changes and save' })).toBeDisabled(),
    )

    const model = { fields: grownModel.fields } as ModelSchema
    let expected = applyPageEdit(warehouseText, { op: 'move', list: '/table/columns', from: 0, to: 1 })
    expected = applyPageEdit(expected, { op: 'addColumn', field: 'managerName' }, { model })
    expected = applyPageEdit(expected, {
      op: 'setText',
      key: 'wmdm.warehouse.field.address',
      language: 'en_US',
      text: 'Street address',
    })
    // the file the designer was given travels back: the server saves only when it is still the route's file
    expect(saved).toEqual([
      { route: '/wmdm/warehouse', source: expected, version: 'a'.repeat(64), file: WAREHOUSE_FILE },
    ])
  }, 90_000)

  test('the property panel of a column offers the language’s choices and writes the chosen one', async () => {
    render(<Designer />)
    const nav = await outline()
    const columns = within(nav).getByRole('region', { name: 'Table columns' })
    await userEvent.click(within(columns).getByRole('button', { name: 'Select: Area (m²)' }))
    const panel = await screen.findByRole('region', { name: 'Properties' })
    expect(within(panel).getByText('Cell alignment (numbers read best right-aligned).')).toBeInTheDocument()
    const width = within(panel).getByRole('spinbutton', { name: 'width' })
    expect(width).toHaveValue('120')
    fireEvent.change(width, { target: { value: '150' } })
    fireEvent.blur(width)
    await userEvent.click(screen.getByRole('button', { name: 'Review changes and save' }))
    expect(await screen.findByTestId('designer-diff')).toHaveTextContent(
      '- { "field": "area", "width": 120, "align": "right" },+ { "field": "area", "width": 150, "align": "right" },',
    )
  }, 60_000)

  test('where the server does not write page files, it says so and offers the download', async () => {
    render(<ReadOnlyServer />)
    expect(await screen.findByText(/does not write page files/, {}, { timeout: 15000 })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Download the file/ }).length).toBeGreaterThan(0)
  })

  test("the server's refusal is shown with the file, line, pointer and fix; the edit is kept", async () => {
    render(<SaveRefused />)
    const nav = await outline()
    await userEvent.click(within(nav).getAllByRole('button', { name: 'Move up: Warehouse name' })[0]!)
    await userEvent.click(screen.getByRole('button', { name: 'Review changes and save' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Save to the file' }))
    expect(
      await screen.findAllByText(/warehouse\.page\.json:48:7 \/fields\/address\/maxLenght: unknown property/),
    ).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: /Undo/ })).toBeEnabled()
  }, 60_000)

  test('a role without the designer code is told which code it lacks', async () => {
    render(<WithoutPermission />)
    expect(
      await screen.findByText(/No permission \(hpfm\.page-designer\.save\)/, {}, { timeout: 15000 }),
    ).toBeInTheDocument()
  })
})
