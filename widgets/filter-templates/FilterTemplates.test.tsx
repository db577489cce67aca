import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './FilterTemplates.stories'

const {
  Empty,
  WithTemplates,
  DefaultTemplate,
  FieldsFailed,
  DeleteCancelled,
  EmptyInChinese,
  DefaultTemplateInChinese,
} = composeStories(stories, preview)
const TIMEOUT = 60000
const calls = (method: string, suffix = '') =>
  currentStoryEnv().calls.filter(
    (c) => c.method === method && c.path === `/v1/1/cusz-query-user-template${suffix}`,
  )
const expand = async () => userEvent.click(await screen.findByText('Filter templates'))
const pick = async (label: string, option: string, scope: HTMLElement = document.body) => {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option, undefined, { timeout: 8000 })
  await userEvent.click(options.at(-1)!)
}

test('CORE-FLT-02/03/05/10: collapsed, edit mode off, templates and fields asked for with the menu id', async () => {
  render(<Empty />)
  expect(await screen.findByText('Filter templates')).toBeInTheDocument()
  expect(screen.queryByRole('list', { name: 'Filter templates' })).toBeNull()
  await waitFor(() => expect(calls('GET', '/current-user-template')).toHaveLength(1))
  expect(calls('GET', '/current-user-template')[0]?.params).toEqual({ menuId: 101 })
  expect(calls('GET', '/config-field')[0]?.params).toEqual({
    menuId: 101,
    lovCode: 'HPFM.CUSZ_QUERY_FIELD',
    model: 'wms/warehouse',
  })
  await expand()
  expect(screen.getByRole('switch', { name: 'Edit mode' })).not.toBeChecked()
  expect(screen.getAllByRole('listitem')).toHaveLength(1)
  expect(screen.getByRole('button', { name: 'Save template' })).toBeDisabled()
})

test('CORE-FLT-06: the default template fills in and applies its conditions on load', async () => {
  render(<DefaultTemplate />)
  await waitFor(() =>
    expect(DefaultTemplate.args.onApply).toHaveBeenCalledWith([
      { fieldCode: 'area', fieldType: 'float', operateCode: 'GREATER_THAN', fieldValue: '10000' },
    ]),
  )
  // The template's name shows once the selector has re-rendered, which may come after the apply.
  expect(await screen.findByText('Large sites')).toBeInTheDocument()
})

test(
  'CORE-FLT-07/08: picking a template loads and applies its rows; clearing leaves one empty row',
  async () => {
    render(<WithTemplates />)
    await expand()
    await pick('Choose a template', 'Cold stores')
    expect(WithTemplates.args.onApply).toHaveBeenLastCalledWith([
      { fieldCode: 'warehouseType', fieldType: 'string', operateCode: 'EQUAL', fieldValue: 'COLD' },
    ])
    expect(await screen.findByText('Cold storage')).toBeInTheDocument()
    const selector = screen
      .getByRole('combobox', { name: 'Choose a template' })
      .closest('.ant-select') as HTMLElement
    await userEvent.click(selector.querySelector('.ant-select-clear') as HTMLElement)
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    expect(WithTemplates.args.onApply).toHaveBeenLastCalledWith([])
  },
  TIMEOUT,
)

test(
  'CORE-FLT-23: saving a row without an operator shows the message and posts nothing',
  async () => {
    render(<Empty />)
    await expand()
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await pick('Field', 'Warehouse name')
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }))
    expect(currentStoryEnv().notices).toContainEqual({
      type: 'error',
      message: 'Validation failed: fill in every field and operator',
    })
    expect(calls('POST')).toHaveLength(0)
    expect(screen.queryByRole('dialog')).toBeNull()
  },
  TIMEOUT,
)

test(
  "CORE-FLT-09: changing a row's field resets its value",
  async () => {
    render(<Empty />)
    await expand()
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await pick('Field', 'Warehouse type')
    await pick('Value', 'Bonded')
    const chosen = () => document.querySelector('.ant-select-selection-item[title="Bonded"]')
    expect(chosen()).not.toBeNull()
    await pick('Field', 'Warehouse name')
    expect(chosen()).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('')
  },
  TIMEOUT,
)

test(
  'CORE-FLT-24/26/27/30: a new template needs a name and is posted with menuId, rows and the default flag',
  async () => {
    render(<Empty />)
    await expand()
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await pick('Field', 'Warehouse name')
    await pick('Operator', 'contains')
    await userEvent.click(screen.getByRole('textbox', { name: 'Value' }))
    await userEvent.paste('Hefei')
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Please enter Template name')).toBeInTheDocument()
    expect(calls('POST')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Template name' }))
    await userEvent.paste('Hefei sites')
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Default template' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls('POST')).toHaveLength(1))
    expect(calls('POST')[0]?.data).toEqual({
      templateName: 'Hefei sites',
      isDefault: 1,
      menuId: 101,
      templateContent: [{ fieldCode: 'warehouseName', operateCode: 'LIKE', fieldValue: 'Hefei' }],
    })
    expect(currentStoryEnv().notices).toContainEqual({ type: 'success', message: 'Template saved' })
    await waitFor(() => expect(calls('GET', '/current-user-template')).toHaveLength(2))
    expect(screen.getAllByText('Hefei sites').length).toBeGreaterThan(0)
  },
  TIMEOUT,
)

test(
  'CORE-FLT-25: updating a saved template keeps its name read-only and sends its id and version',
  async () => {
    render(<DefaultTemplate />)
    await expand()
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }))
    const dialog = await screen.findByRole('dialog')
    const name = within(dialog).getByRole('textbox', { name: 'Template name' })
    expect(name).toHaveValue('Large sites')
    expect(name).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls('POST')).toHaveLength(1))
    expect(calls('POST')[0]?.data).toMatchObject({
      id: 12,
      objectVersionNumber: 3,
      templateName: 'Large sites',
    })
  },
  TIMEOUT,
)

test(
  'CORE-FLT-28/29: delete asks "确定删除选中模板数据？", deletes, reloads and resets to one empty row',
  async () => {
    render(<DefaultTemplate />)
    await expand()
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete template' }))
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1))
    expect(currentStoryEnv().confirms).toEqual(['Delete the selected template?'])
    expect(calls('DELETE')[0]?.data).toEqual({ id: 12, objectVersionNumber: 3 })
    await waitFor(() => expect(calls('GET', '/current-user-template')).toHaveLength(2))
    expect(currentStoryEnv().notices).toContainEqual({ type: 'success', message: 'Template deleted' })
    const row = screen.getAllByRole('listitem')
    expect(row).toHaveLength(1)
    expect(within(row[0]!).queryByText('Area (m²)')).toBeNull()
  },
  TIMEOUT,
)

test(
  'a cancelled delete deletes nothing',
  async () => {
    render(<DeleteCancelled />)
    await expand()
    await pick('Choose a template', 'Cold stores')
    await userEvent.click(screen.getByRole('switch', { name: 'Edit mode' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete template' }))
    await waitFor(() => expect(currentStoryEnv().confirms).toHaveLength(1))
    expect(calls('DELETE')).toHaveLength(0)
  },
  TIMEOUT,
)

test('fields that cannot be loaded are reported in the editor', async () => {
  render(<FieldsFailed />)
  await expand()
  expect(await screen.findByText('Filter fields could not be loaded: Unknown model')).toBeInTheDocument()
})

test(
  'CORE-FLT-23 in zh_CN: an incomplete row is refused with "校验不通过，请完整填写必输配置项"',
  async () => {
    render(<EmptyInChinese />)
    await userEvent.click(await screen.findByText('筛选模板'))
    await userEvent.click(screen.getByRole('switch', { name: '编辑模式' }))
    await pick('字段', 'Warehouse name') // the fixture's config-field labels are English
    await userEvent.click(screen.getByRole('button', { name: '保存模板' }))
    expect(currentStoryEnv().notices).toContainEqual({
      type: 'error',
      message: '校验不通过，请完整填写必输配置项',
    })
    expect(calls('POST')).toHaveLength(0)
  },
  TIMEOUT,
)

test(
  'CORE-FLT-28 in zh_CN: delete asks exactly "确定删除选中模板数据？"',
  async () => {
    render(<DefaultTemplateInChinese />)
    await userEvent.click(await screen.findByText('筛选模板'))
    await userEvent.click(screen.getByRole('switch', { name: '编辑模式' }))
    await userEvent.click(screen.getByRole('button', { name: '删除模板' }))
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1))
    expect(currentStoryEnv().confirms).toEqual(['确定删除选中模板数据？'])
  },
  TIMEOUT,
)
