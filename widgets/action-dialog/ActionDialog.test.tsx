import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, type Mock } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ActionDialog.stories'

const { ReceiveLine, ServerRefuses, ReturnGoods, PackAndWeigh } = composeStories(stories, preview)
const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name })
beforeEach(() => {
  // the stories share the callbacks of their meta
  for (const name of ['onDone', 'onClose'] as const) (stories.default.args[name] as Mock).mockClear()
})
const posts = () => currentStoryEnv().calls.filter((c) => c.method === 'POST')

test('receive: the batch starts from the line, serial numbers are sent as a list in the line-wise body', async () => {
  render(<ReceiveLine />)
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText('Receive the line')).toBeInTheDocument()
  expect(within(dialog).getByRole('textbox', { name: 'Batch' })).toHaveValue('B2026-11')
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Quantity received' }), '3')
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: 'Serial numbers' }),
    'SN-001{Enter}SN-002, SN-003{Enter}{Enter}',
  )
  await userEvent.click(button('Receive'))
  await waitFor(() => expect(ReceiveLine.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([
    {
      path: '/v1/1/inbound-orders/7/receive',
      data: {
        lines: [
          {
            inboundLineId: 41,
            quantity: 3,
            batchCode: 'B2026-11',
            serialNumbers: ['SN-001', 'SN-002', 'SN-003'],
          },
        ],
      },
    },
  ])
  // only the row fields named in `send` go with the values
  expect(Object.keys((posts()[0]!.data as { lines: object[] }).lines[0]!).sort()).toEqual([
    'batchCode',
    'inboundLineId',
    'quantity',
    'serialNumbers',
  ])
})

test("the server's refusal is shown in the dialog, on the field it names, and the input is kept", async () => {
  render(<ServerRefuses />)
  const dialog = await screen.findByRole('dialog')
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Quantity received' }), '3')
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Serial numbers' }), 'SN-001{Enter}SN-002')
  await userEvent.click(button('Receive'))
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'give one serial number per unit (3 units, 2 numbers)',
  )
  expect(within(dialog).getByText('one per unit')).toBeInTheDocument()
  expect(ServerRefuses.args.onDone).not.toHaveBeenCalled()
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  expect(within(dialog).getByRole('spinbutton', { name: 'Quantity received' })).toHaveValue('3')
  expect(within(dialog).getByRole('textbox', { name: 'Serial numbers' })).toHaveValue('SN-001\nSN-002')

  // corrected, it sends again: the server's old message no longer blocks the field
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Serial numbers' }), '{Enter}SN-003')
  await userEvent.click(button('Receive'))
  await waitFor(() => expect(ServerRefuses.args.onDone).toHaveBeenCalled())
  expect(posts()).toHaveLength(2)
  expect(posts()[1]!.data).toMatchObject({ lines: [{ serialNumbers: ['SN-001', 'SN-002', 'SN-003'] }] })
})

test('return: serial numbers split at commas of either script, an empty quantity is left to the server', async () => {
  render(<ReturnGoods />)
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByRole('spinbutton', { name: 'Quantity returned' })).toHaveValue('')
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: 'Serial numbers' }),
    'SN-001，SN-002; ,SN-003',
  )
  await userEvent.click(button('Return'))
  await waitFor(() => expect(ReturnGoods.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([
    {
      path: '/v1/1/inbound-orders/7/returnGoods',
      data: { lines: [{ inboundLineId: 41, serialNumbers: ['SN-001', 'SN-002', 'SN-003'] }] },
    },
  ])
  expect((posts()[0]!.data as { lines: object[] }).lines[0]).not.toHaveProperty('quantity')
})

test('pack and weigh: the weight is required, the package count starts at 1, the weighed weight is sent', async () => {
  render(<PackAndWeigh />)
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByRole('spinbutton', { name: 'Packages' })).toHaveValue('1')
  await userEvent.click(button('Pack and weigh'))
  await waitFor(() => expect(dialog.textContent).toMatch(/Please enter Weighed weight/))
  expect(posts()).toEqual([])
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Weighed weight (kg)' }), '3.25')
  await userEvent.click(button('Pack and weigh'))
  await waitFor(() => expect(PackAndWeigh.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([
    { path: '/v1/1/outbound-orders/12/pack', data: { weight: 3.25, packageCount: 1 } },
  ])
})
