import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './DataHierarchy.stories'

const { Empty, Chosen, Cascading, LoadFails, ReadPretty, Disabled } = composeStories(stories, preview)
const DETAILS = '/v1/1/data-hierarchies/switch/value/details'
const values = () =>
  JSON.parse(screen.getByTestId('form-values').textContent ?? '{}') as Record<string, unknown>
const detailCalls = () => currentStoryEnv().calls.filter((c) => c.path === DETAILS)
const pick = async (label: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }))
  await userEvent.click(await screen.findByTitle(option))
}

test('CORE-USR: no call until the list opens, then the values of the level and the choice in the form', async () => {
  render(<Empty />)
  expect(detailCalls()).toHaveLength(0)
  await pick('Company', 'Ningbo Port Storage Co.')
  expect(detailCalls()[0]).toMatchObject({ service: 'hpfm', params: { dataHierarchyCode: 'COMPANY' } })
  await waitFor(() => expect(values()).toEqual({ companyCode: 'C-NB' }))
})

test('a chosen value shows its meaning, not its code', async () => {
  render(<Chosen />)
  expect(await screen.findByText('Ningbo Port Storage Co.')).toBeInTheDocument()
  expect(screen.queryByText('C-NB')).toBeNull()
})

test('the child level waits for its parent, lists only its values and clears when the parent changes', async () => {
  render(<Cascading />)
  const warehouse = screen.getByRole('combobox', { name: 'Warehouse' })
  expect(warehouse).toBeDisabled()
  expect(screen.getByText('Choose the level above first')).toBeInTheDocument()
  await pick('Inventory organisation', 'Pudong inventory org')
  await waitFor(() => expect(warehouse).toBeEnabled())
  await userEvent.click(warehouse)
  expect(await screen.findByTitle('Pudong bonded warehouse')).toBeInTheDocument()
  expect(screen.queryByTitle('Beilun port warehouse')).toBeNull()
  expect(detailCalls().at(-1)?.params).toEqual({ dataHierarchyCode: 'WAREHOUSE', parentValue: 'IO-SH-PD' })
  await userEvent.click(screen.getByTitle('Pudong bonded warehouse'))
  await waitFor(() => expect(values()).toEqual({ invOrgCode: 'IO-SH-PD', warehouseCode: 'WH-PD-02' }))
  await pick('Inventory organisation', 'Jiading inventory org')
  await waitFor(() => expect(values()).toEqual({ invOrgCode: 'IO-SH-JD', warehouseCode: null }))
})

test('a failed read says so in the open list', async () => {
  render(<LoadFails />)
  await userEvent.click(screen.getByRole('combobox', { name: 'Company' }))
  expect(
    await screen.findByText('The values could not be loaded: open the list again to retry'),
  ).toBeInTheDocument()
})

test('read-pretty shows the meaning; disabled cannot be opened', async () => {
  const { unmount } = render(<ReadPretty />)
  expect(await screen.findByText('Pudong bonded warehouse')).toBeInTheDocument()
  unmount()
  render(<Disabled />)
  expect(screen.getByRole('combobox', { name: 'Company' })).toBeDisabled()
  expect(await screen.findByText('Shanghai East Logistics Co.')).toBeInTheDocument()
})
