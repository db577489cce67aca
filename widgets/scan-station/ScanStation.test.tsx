/**
 * The scan station from its stories (the app's HTTP client over fixtures): an order scanned by number, its
 * tasks walked with keyboard-wedge input (text + Enter), a wrong scan red with what was expected, the pick
 * confirmed with the scans; a refused pick said in red; an order with nothing open.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ScanStation.stories'

const { ScanOrder, PickRefused, NoOpenTasks } = composeStories(stories, preview)

const feedback = () => screen.getByTestId('scan-feedback')
/** Clicks Confirm once it is enabled: it stays disabled until the batched permission check has answered. */
async function clickConfirm() {
  const button = screen.getByTestId('scan-confirm')
  await waitFor(() => expect(button).toBeEnabled())
  await userEvent.click(button)
}
async function type(text: string) {
  const input = await screen.findByTestId('scan-input')
  await waitFor(() => expect(input).not.toBeDisabled())
  await userEvent.type(input, `${text}{Enter}`)
}

describe('ScanStation', () => {
  test('scans an order and its tasks in order; a wrong scan is red and says what was expected; confirm picks', async () => {
    render(<ScanOrder />)
    await type('CK202611290007')
    expect(await screen.findByTestId('scan-line-location')).toHaveTextContent('A03-02')
    await type('B01-04')
    expect(feedback()).toHaveAttribute('data-tone', 'error')
    expect(feedback()).toHaveTextContent('Wrong location: B01-04 scanned; scan the label of A03-02')
    await type('A03-02')
    expect(feedback()).toHaveAttribute('data-tone', 'ok')
    await type('6900000000011')
    await type('3')
    expect(feedback()).toHaveTextContent('Too many: 3 is more than the 2 left')
    await type('2')
    await type('B01-04')
    await type('SKU00002')
    await type('1')
    expect(feedback()).toHaveTextContent('All 2 lines scanned: confirm')
    await clickConfirm()
    await waitFor(() => expect(feedback()).toHaveTextContent('Document CK202611290007 confirmed'))
    const pick = currentStoryEnv().calls.find((call) => call.path.endsWith('/pick'))
    expect(pick?.data).toEqual({
      scans: [
        { taskId: 71, locationCode: 'A03-02', barcode: '6900000000011', quantity: 2 },
        { taskId: 72, locationCode: 'B01-04', barcode: 'SKU00002', quantity: 1 },
      ],
    })
  })

  test('an unknown order number is red and nothing is opened', async () => {
    render(<ScanOrder />)
    await type('CK-NOPE')
    await waitFor(() => expect(feedback()).toHaveTextContent('No document CK-NOPE to work on'))
    expect(screen.queryByTestId('scan-line')).toBeNull()
  })

  test("the server's refusal of the pick is said in red", async () => {
    render(<PickRefused />)
    expect(await screen.findByTestId('scan-line-location')).toHaveTextContent('A03-02')
    for (const text of ['A03-02', '6900000000011', '2', 'B01-04', 'SKU00002', '1']) await type(text)
    await clickConfirm()
    await waitFor(() => expect(feedback()).toHaveTextContent("'pick' needs ALLOCATED"))
    expect(feedback()).toHaveAttribute('data-tone', 'error')
  })

  test('an order with no open task says so', async () => {
    render(<NoOpenTasks />)
    await waitFor(() => expect(feedback()).toHaveTextContent('Document CK202611290007 has no open line'))
  })
})
