import { composeStory } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { ApiError } from '../../renderer/index'
import { applyPageEdit, changedLines, type ModelSchema } from '../../renderer/page-document/index'
import { designerBackend, grownModel, warehouseText, type DesignerBackendOptions } from './designer-fixtures'
import { withNewField } from './NewModelField'
import * as stories from './PageDesigner.stories'

const designer = (options: DesignerBackendOptions) =>
  composeStory(
    { ...stories.Designer, parameters: { env: designerBackend(options) } },
    stories.default,
    preview,
  )

/** Opens "New model field…" from the table columns' "add a field from the model". */
async function openNewField() {
  const nav = await screen.findByRole('navigation', { name: 'Page elements' }, { timeout: 15000 })
  const columns = within(nav).getByRole('region', { name: 'Table columns' })
  await userEvent.click(within(columns).getByRole('combobox', { name: /Add a field from the model/ }))
  await userEvent.click(await screen.findByTitle('New model field…'))
  const dialog = await screen.findByRole('dialog', { name: /New model field/ })
  return { columns, dialog }
}

describe('a new model field from the designer', () => {
  test('posts the field, adds it as a column with its labels in one undo step; undo keeps the model field', async () => {
    const newFields: unknown[] = []
    const Designer = designer({ newFields })
    render(<Designer />)
    const { columns, dialog } = await openNewField()
    // the form says that undo does not take the field out of the model
    expect(within(dialog).getByText(/undoing the page edit does not remove it from the model/)).toBeVisible()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Field name' }), 'dockCount')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label (zh_CN)' }), '月台数')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label (en_US)' }), 'Docks')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label (zh_TW)' }), '月臺數')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the model and the page' }))

    expect(await within(columns).findByRole('button', { name: 'Select: Docks' })).toBeInTheDocument()
    expect(newFields).toEqual([
      {
        model: 'wms/warehouse',
        field: { name: 'dockCount', type: 'string', maxLength: 60, label: 'Docks' },
      },
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Review changes and save' }))
    const diff = await screen.findByTestId('designer-diff')
    expect(diff).toHaveTextContent('{ "field": "dockCount" }')
    expect(diff).toHaveTextContent(
      '"wmdm.warehouse.field.dockCount": { "zh_CN": "月台数", "en_US": "Docks", "zh_TW": "月臺數" }',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    // one undo takes the column and its texts off the page
    await userEvent.click(screen.getByRole('button', { name: /Undo/ }))
    await waitFor(() => expect(within(columns).queryByRole('button', { name: 'Select: Docks' })).toBeNull())
  }, 90_000)

  test("shows the server's refusal with its fix in the form, and changes nothing on the page", async () => {
    const Designer = designer({
      newField: () => {
        throw new ApiError(
          "The field cannot be added to wms/warehouse: schemas/models/wms/warehouse.model.json /fields/1/name: the model already has a field 'warehouseName' (choose another name, or add the existing field from the model list). Nothing was written: fix the field and add it again.",
          400,
          'error.validation',
          'error',
        )
      },
    })
    render(<Designer />)
    const { dialog } = await openNewField()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Field name' }), 'warehouseName')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the model and the page' }))
    expect(
      await within(dialog).findByText(/already has a field 'warehouseName' \(choose another name/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Review changes and save' })).toBeDisabled()
  }, 90_000)
})

describe('withNewField', () => {
  test('adds the field where asked and sets each label given', () => {
    const model = { fields: [...grownModel.fields, { name: 'dockCount', type: 'integer' }] } as ModelSchema
    const text = withNewField(
      warehouseText,
      { op: 'addSearchField', field: 'dockCount' },
      'dockCount',
      { zh_CN: '月台数', en_US: 'Docks', zh_TW: '' },
      model,
    )
    let expected = applyPageEdit(warehouseText, { op: 'addSearchField', field: 'dockCount' }, { model })
    expected = applyPageEdit(expected, {
      op: 'setText',
      key: 'wmdm.warehouse.field.dockCount',
      language: 'zh_CN',
      text: '月台数',
    })
    expected = applyPageEdit(expected, {
      op: 'setText',
      key: 'wmdm.warehouse.field.dockCount',
      language: 'en_US',
      text: 'Docks',
    })
    expect(text).toBe(expected)
    expect(changedLines(warehouseText, text).some((line) => line.includes('"dockCount"'))).toBe(true)
  })
})
