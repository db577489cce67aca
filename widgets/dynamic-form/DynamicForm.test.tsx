import { createForm } from '@formily/core'
import { FormProvider, createSchemaField } from '@formily/react'
import { composeStories, composeStory } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMemo, useState } from 'react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { useRegistry } from '../../renderer/index'
import { currentStoryEnv } from '../../stories/support/story-env'
import { renderedForm } from './DynamicForm'
import * as stories from './DynamicForm.stories'

const { New, Filled, ReadPretty, UnknownCode, DisabledForm } = composeStories(stories, preview)
const values = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const definitionCalls = () => currentStoryEnv().calls.filter((c) => c.path.includes('/dynamic-forms/'))

test('renders the enabled items of the form in order, with defaults, from one request', async () => {
  render(<New />)
  expect(await screen.findByText('Object key prefix')).toBeInTheDocument()
  const labels = [...document.querySelectorAll('.wms-dynamic-form label')].map((l) => l.textContent?.trim())
  expect(labels).toEqual([
    'Object key prefix',
    'Storage class',
    'Path-style addressing',
    'Keep days',
    'Review on',
    'Notes',
  ])
  expect(screen.getByText('New objects go under this folder of the bucket')).toBeInTheDocument()
  // Defaults belong to the record: a new one starts with them.
  await waitFor(() =>
    expect(values()).toEqual({ extraParams: { storageClass: 'STANDARD', forcePathStyle: 1 } }),
  )
  expect(definitionCalls()).toHaveLength(1)
  expect(definitionCalls()[0]).toMatchObject({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/1/dynamic-forms/HFLE.STORAGE_EXTRA',
  })
})

test('typing into an item writes the JSON object of the field', async () => {
  render(<Filled />)
  const prefix = await screen.findByRole('textbox', { name: 'Object key prefix' })
  expect(prefix).toHaveValue('wms/')
  await userEvent.clear(prefix)
  await userEvent.type(prefix, 'archive/')
  await waitFor(() =>
    expect(values().extraParams).toEqual({
      pathPrefix: 'archive/',
      storageClass: 'GLACIER',
      forcePathStyle: 0,
      expireDays: 30,
    }),
  )
})

test("a Select item offers its value set's values", async () => {
  render(<New />)
  await userEvent.click(await screen.findByRole('combobox', { name: 'Storage class' }))
  expect(await screen.findByTitle('Infrequent access')).toBeInTheDocument()
  expect(screen.getByTitle('Archive')).toBeInTheDocument()
  await userEvent.click(screen.getByTitle('Archive'))
  await waitFor(() => expect(values().extraParams).toMatchObject({ storageClass: 'GLACIER' }))
})

/** The field in a form of its own, with a Save that validates it (as an edit form's Save does). */
function SaveHarness() {
  const registry = useRegistry()
  const SchemaField = useMemo(
    () => createSchemaField({ components: registry.components('field', 'decorator') }),
    [registry],
  )
  const form = useMemo(() => createForm(), [])
  const [outcome, setOutcome] = useState('')
  const save = () =>
    form.validate().then(
      () => setOutcome(`saved ${JSON.stringify(form.values)}`),
      (errors: { messages: string[] }[]) =>
        setOutcome(`refused: ${errors.flatMap((e) => e.messages).join(' | ')}`),
    )
  return (
    <FormProvider form={form}>
      <SchemaField
        schema={{
          type: 'object',
          properties: {
            extraParams: {
              title: 'Extra parameters',
              'x-decorator': 'FormItem',
              'x-component': 'DynamicForm',
              'x-component-props': { formCode: 'HFLE.STORAGE_EXTRA' },
            },
          },
        }}
      />
      <button onClick={() => void save()}>Save</button>
      <output data-testid="outcome">{outcome}</output>
    </FormProvider>
  )
}
const Saving = composeStory(
  { render: () => <SaveHarness />, parameters: { env: stories.default.parameters.env } },
  stories.default,
  preview,
)

test('a required item left empty stops the save, naming the item; filled, the save goes on', async () => {
  render(<Saving />)
  await screen.findByText('Keep days')
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() =>
    expect(screen.getByTestId('outcome')).toHaveTextContent('refused: Fill in the required items: Keep days'),
  )
  // The item itself says so too.
  expect(await screen.findByText('Please enter Keep days')).toBeInTheDocument()
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Keep days' }), '7')
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() =>
    expect(screen.getByTestId('outcome')).toHaveTextContent(
      'saved {"extraParams":{"storageClass":"STANDARD","forcePathStyle":1,"expireDays":7}}',
    ),
  )
})

test('read-only shows the values as the widgets do', async () => {
  render(<ReadPretty />)
  expect(await screen.findByText('Archive')).toBeInTheDocument()
  expect(screen.getByText('wms/')).toBeInTheDocument()
  expect(screen.queryByRole('textbox')).toBeNull()
})

test('an unknown form code is an error in place, not a crash', async () => {
  render(<UnknownCode />)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(
    "The dynamic form NO.SUCH_FORM cannot be shown: Dynamic form 'NO.SUCH_FORM' does not exist: check the form code",
  )
  expect(currentStoryEnv().notices).toEqual([])
})

test('a disabled form renders no items', async () => {
  render(<DisabledForm />)
  expect(
    await screen.findByText('The dynamic form OLD.EXTRA is disabled: it has nothing to fill in'),
  ).toBeInTheDocument()
  expect(screen.queryByText('Legacy')).toBeNull()
})

test('disabled items and items that cannot be rendered are left out (the preview of unsaved lines)', () => {
  const { items, problems, page } = renderedForm({
    formCode: 'X',
    formName: 'X',
    enabledFlag: 1,
    lines: [
      { itemCode: 'b', itemName: 'B', itemType: 'Input', requiredFlag: 0, orderSeq: 20 },
      {
        itemCode: 'a',
        itemName: 'A',
        itemType: 'Lov',
        lovCode: 'WMDM.WAREHOUSE',
        requiredFlag: 1,
        orderSeq: 10,
      },
      { itemCode: 'off', itemName: 'Off', itemType: 'Input', requiredFlag: 0, orderSeq: 5, enabledFlag: 0 },
      { itemCode: 'sel', itemName: 'Sel', itemType: 'Select', requiredFlag: 0, orderSeq: 30 },
      { itemCode: 'odd', itemName: 'Odd', itemType: 'Cascader', requiredFlag: 0, orderSeq: 40 },
    ],
  })
  expect(items.map((item) => item.itemCode)).toEqual(['a', 'b'])
  expect(page.fields.a).toMatchObject({ widget: 'Lov', lovCode: 'WMDM.WAREHOUSE', required: true })
  expect(problems).toEqual(['sel (Select, no value set)', 'odd (Cascader)'])
})
