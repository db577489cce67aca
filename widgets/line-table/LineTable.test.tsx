import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, test, type Mock } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './LineTable.stories'

const { ReceiveLines, NothingOpen, LinesNotLoaded, LineRefused } = composeStories(stories, preview)
const onDone = () => stories.default.args.onDone as Mock
beforeEach(() => {
  for (const name of ['onDone', 'onClose'] as const) (stories.default.args[name] as Mock).mockClear()
})
const posts = () => currentStoryEnv().calls.filter((c) => c.method === 'POST')
const send = () =>
  userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Receive lines' }))
const input = (dialog: HTMLElement, name: string, line: number) =>
  within(dialog).getByRole(name === 'Received now' ? 'spinbutton' : 'textbox', {
    name: `${name} — Line ${line}`,
  })

test('each line is checked in the browser: not more than is open, at least one line, the batch of batch-tracked goods', async () => {
  render(<ReceiveLines />)
  const dialog = await screen.findByRole('dialog', { name: "Receive the order's lines" })
  const first = await waitFor(() => input(dialog, 'Received now', 1))
  expect(within(dialog).getByText('Power bank 10000mAh')).toBeInTheDocument()
  // the batch of line 3 starts from the line
  expect(input(dialog, 'Batch', 3)).toHaveValue('PB-2611')

  // nothing filled: nothing is sent
  await send()
  expect(await within(dialog).findByText('Enter Received now on at least one line.')).toBeInTheDocument()
  expect(posts()).toEqual([])

  // more than is open on line 1: said on the row while typing, and not sent
  await userEvent.type(first, '9')
  expect(await within(dialog).findByText('enter at most 6 for Received now')).toBeInTheDocument()
  await send()
  expect(posts()).toEqual([])

  // line 2 is batch tracked: its batch is required once the line is filled
  await userEvent.clear(first)
  await userEvent.type(first, '6')
  await userEvent.type(input(dialog, 'Received now', 2), '3')
  await send()
  expect(await within(dialog).findByText('enter Batch')).toBeInTheDocument()
  expect(posts()).toEqual([])

  await userEvent.type(input(dialog, 'Batch', 2), 'TEA-01')
  await send()
  await waitFor(() => expect(onDone()).toHaveBeenCalled())
  // line 3 was left empty: not received; the lines go as one body
  expect(posts()).toHaveLength(1)
  expect(posts()[0]!.path).toBe('/v1/1/inbound-orders/7/receive')
  expect(posts()[0]!.data).toEqual({
    lines: [
      { inboundLineId: 41, quantity: 6 },
      { inboundLineId: 42, quantity: 3, batchCode: 'TEA-01' },
    ],
  })
})

test('"Fill" puts in every open quantity; serial-tracked lines need their serial numbers, sent as a list', async () => {
  render(<ReceiveLines />)
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => input(dialog, 'Received now', 1))
  await userEvent.click(within(dialog).getByRole('button', { name: 'Fill Received now on every line' }))
  expect(input(dialog, 'Received now', 1)).toHaveValue('6.000')
  expect(input(dialog, 'Received now', 3)).toHaveValue('2.000')
  await userEvent.type(input(dialog, 'Batch', 2), 'TEA-01')
  await send()
  expect(await within(dialog).findByText('enter Serial numbers')).toBeInTheDocument()
  expect(posts()).toEqual([])
  await userEvent.type(input(dialog, 'Serial numbers', 3), 'SN-1, SN-2')
  await send()
  await waitFor(() => expect(onDone()).toHaveBeenCalled())
  expect((posts()[0]!.data as { lines: unknown[] }).lines[2]).toEqual({
    inboundLineId: 43,
    quantity: 2,
    batchCode: 'PB-2611',
    serialNumbers: ['SN-1', 'SN-2'],
  })
})

test("the server's refusal of one line is shown on that row and above, the input kept", async () => {
  render(<LineRefused />)
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => input(dialog, 'Received now', 1))
  await userEvent.type(input(dialog, 'Received now', 1), '2')
  await userEvent.type(input(dialog, 'Received now', 2), '3')
  await userEvent.type(input(dialog, 'Batch', 2), 'TEA-01')
  await send()
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'line 2 (SKU00008): 3 is more than the 1 still open',
  )
  const row2 = dialog.querySelector('[data-line="42"]') as HTMLElement
  expect(within(row2).getByText('at most 1')).toBeInTheDocument()
  expect(within(dialog.querySelector('[data-line="41"]') as HTMLElement).queryByText('at most 1')).toBeNull()
  expect(input(dialog, 'Received now', 2)).toHaveValue('3.000')
  expect(onDone()).not.toHaveBeenCalled()
  // corrected, it goes
  await userEvent.clear(input(dialog, 'Received now', 2))
  await userEvent.type(input(dialog, 'Received now', 2), '1')
  await send()
  await waitFor(() => expect(onDone()).toHaveBeenCalled())
})

test('nothing open, or the lines not loaded: the dialog says so and sends nothing', async () => {
  const { unmount } = render(<NothingOpen />)
  expect(await screen.findByText('No line is left to take here: close the dialog.')).toBeInTheDocument()
  unmount()
  render(<LinesNotLoaded />)
  const dialog = await screen.findByRole('dialog')
  expect(
    await within(dialog).findByText(
      'The lines could not be loaded (Inbound order 7 does not exist (or is not yours): reload the list.): close the dialog and try again.',
    ),
  ).toBeInTheDocument()
  await send()
  expect(posts()).toEqual([])
  expect(onDone()).not.toHaveBeenCalled()
})
