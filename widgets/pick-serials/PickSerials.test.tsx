import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, type Mock } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './PickSerials.stories'
import { pickSerialProblems } from './PickSerials'

const { PickOrder, NoSerialGoods, PickWave, UnitTakenMeanwhile } = composeStories(stories, preview)
const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name })
beforeEach(() => {
  for (const name of ['onDone', 'onClose'] as const) (stories.default.args[name] as Mock).mockClear()
})
const posts = () => currentStoryEnv().calls.filter((c) => c.method === 'POST')
const box = (dialog: HTMLElement, line: string) =>
  within(dialog).getByRole('textbox', { name: `Serial numbers of ${line}` })

test('an order: too few serial numbers are refused in the dialog, nothing is sent; then one per unit is', async () => {
  render(<PickOrder />)
  const dialog = await screen.findByRole('dialog')
  const input = await waitFor(() => box(dialog, 'CK2026112700012 #1 (SKU00016)'))
  expect(within(dialog).getByText('Pick from: A-01-01 × 2')).toBeInTheDocument()
  expect(within(dialog).getByText('0 / 2 scanned')).toBeInTheDocument()

  await userEvent.type(input, 'SN-PB-001{Enter}')
  await userEvent.click(button('Confirm picking'))
  await waitFor(() =>
    expect(dialog.textContent).toContain(
      'CK2026112700012 #1 (SKU00016): give 2 serial numbers (one per unit); 1 given.',
    ),
  )
  expect(posts()).toEqual([])

  // the same unit twice is refused too
  await userEvent.type(input, 'SN-PB-001')
  await userEvent.click(button('Confirm picking'))
  await waitFor(() => expect(dialog.textContent).toContain('serial number SN-PB-001 is given twice'))
  expect(posts()).toEqual([])

  // a unit in stock clicked instead of the copy
  await userEvent.clear(input)
  await userEvent.type(input, 'SN-PB-001{Enter}')
  await userEvent.click(within(dialog).getByRole('button', { name: 'SN-PB-003' }))
  expect(input).toHaveValue('SN-PB-001\nSN-PB-003')
  expect(within(dialog).getByText('2 / 2 scanned')).toBeInTheDocument()
  await userEvent.click(button('Confirm picking'))
  await waitFor(() => expect(PickOrder.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([
    {
      path: '/v1/1/outbound-orders/12/pick',
      data: {
        objectVersionNumber: 3,
        lines: [{ outboundLineId: 81, serialNumbers: ['SN-PB-001', 'SN-PB-003'] }],
      },
    },
  ])
  expect(Object.keys(posts()[0]!.data as object).sort()).toEqual(['lines', 'objectVersionNumber'])
})

test('an order without serial-tracked goods is confirmed as it is', async () => {
  render(<NoSerialGoods />)
  const dialog = await screen.findByRole('dialog')
  await within(dialog).findByText('None of the goods picked here is serial tracked: confirm to pick.')
  await userEvent.click(button('Confirm picking'))
  await waitFor(() => expect(NoSerialGoods.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([{ path: '/v1/1/outbound-orders/12/pick', data: { objectVersionNumber: 3 } }])
  expect(posts()[0]!.data).not.toHaveProperty('lines')
})

test('a wave: one box per line of its orders; a unit named on two lines is refused', async () => {
  render(<PickWave />)
  const dialog = await screen.findByRole('dialog')
  const first = await waitFor(() => box(dialog, 'CK2026112700021 #1 (SKU00016)'))
  const second = box(dialog, 'CK2026112700022 #1 (SKU00016)')
  await userEvent.type(first, 'SN-PB-001')
  await userEvent.type(second, 'SN-PB-001')
  await userEvent.click(button('Pick wave'))
  await waitFor(() => expect(dialog.textContent).toContain('Serial number SN-PB-001 is given for'))
  expect(posts()).toEqual([])
  await userEvent.clear(second)
  await userEvent.type(second, 'SN-PB-002')
  await userEvent.click(button('Pick wave'))
  await waitFor(() => expect(PickWave.args.onDone).toHaveBeenCalled())
  expect(posts()).toMatchObject([
    {
      path: '/v1/1/wave-orders/5/pick',
      data: {
        lines: [
          { outboundLineId: 91, serialNumbers: ['SN-PB-001'] },
          { outboundLineId: 92, serialNumbers: ['SN-PB-002'] },
        ],
      },
    },
  ])
})

test("the server's refusal of a unit stays in the dialog with the serial numbers kept", async () => {
  render(<UnitTakenMeanwhile />)
  const dialog = await screen.findByRole('dialog')
  const input = await waitFor(() => box(dialog, 'CK2026112700012 #1 (SKU00016)'))
  await userEvent.type(input, 'SN-PB-001{Enter}SN-PB-002')
  await userEvent.click(button('Confirm picking'))
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'serial number SN-PB-001 (PICKED) is not in stock for this order: pick other units.',
  )
  expect(UnitTakenMeanwhile.args.onDone).not.toHaveBeenCalled()
  expect(input).toHaveValue('SN-PB-001\nSN-PB-002')
})

test('the check waits for the lines and leaves it to the server when they cannot be loaded', () => {
  const t = (key: string) => key
  expect(pickSerialProblems({}, [], t)).toBe('fields.pickSerials.loading')
  expect(pickSerialProblems({ error: 'http 403' }, [], t)).toBeUndefined()
  expect(pickSerialProblems({ lines: [] }, undefined, t)).toBeUndefined()
})
