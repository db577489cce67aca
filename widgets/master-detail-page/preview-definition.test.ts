import { expect, test } from 'vitest'
import { renderedForm } from '../dynamic-form/DynamicForm'
import { previewDefinition } from './DetailPreview'

test("the preview's definition is the header being edited with the current lines, as the server would answer it", () => {
  const definition = previewDefinition({ formCode: 'X.EXTRA', formName: 'Extra', enabledFlag: 1 }, [
    {
      itemCode: 'days',
      itemName: 'Days',
      itemType: 'InputNumber',
      requiredFlag: true,
      orderSeq: 20,
      _status: 'create',
    },
    {
      itemCode: 'kind',
      itemName: 'Kind',
      itemType: 'Select',
      lookupCode: 'HFLE.STORAGE_CLASS',
      defaultValue: 'STANDARD',
      orderSeq: 10,
    },
    { itemCode: 'old', itemName: 'Old', itemType: 'Input', enabledFlag: 0, orderSeq: 5 },
  ])
  expect(definition).toMatchObject({ formCode: 'X.EXTRA', enabledFlag: 1 })
  expect(definition.lines[0]).toMatchObject({ itemCode: 'days', requiredFlag: 1, enabledFlag: 1 })
  // The widget then draws the enabled items in order: what the configured screen will show once saved.
  expect(renderedForm(definition).items.map((item) => item.itemCode)).toEqual(['kind', 'days'])
  expect(previewDefinition({ formCode: 'X', enabledFlag: 0 }, []).enabledFlag).toBe(0)
})
