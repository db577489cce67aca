/**
 * Counting with found goods on the scan station, from its stories (the app's HTTP client over fixtures): goods
 * no line at the counted location expects are asked about, then lot, expiry and quantity where the goods track
 * them, and added through the line route at once; unknown goods and the server's refusal are said in red.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ScanCount.stories'

const { CountWithFound, FoundRefused } = composeStories(stories, preview)

const feedback = () => screen.getByTestId('scan-feedback')
async function type(text: string) {
  const input = await screen.findByTestId('scan-input')
  await waitFor(() => expect(input).not.toBeDisabled())
  await userEvent.type(input, text ? `${text}{Enter}` : '{Enter}')
}
const added = () =>
  currentStoryEnv().calls.filter((call) => call.method === 'POST' && call.path.endsWith('/stock-count-lines'))

describe('ScanStation counting found goods', () => {
  test('goods no line expects are asked about, then lot, expiry and quantity; the found line is added and listed', async () => {
    render(<CountWithFound />)
    expect(await screen.findByTestId('scan-line-location')).toHaveTextContent('A03-01')
    await type('A03-01')
    await type('6955000000303')
    await waitFor(() =>
      expect(feedback()).toHaveTextContent(
        'Not expected here: 牛奶 1L has no line at A03-01. Record as found?',
      ),
    )
    expect(feedback()).toHaveAttribute('data-tone', 'error')
    await type('')
    expect(screen.getByTestId('scan-prompt')).toHaveTextContent('Scan the lot number')
    await type('L7')
    await type('20270630')
    await type('6')
    await waitFor(() => expect(feedback()).toHaveTextContent('Recorded as found: 牛奶 1L, 6'))
    expect(added().map((call) => call.data)).toEqual([
      {
        stockCountId: 9,
        locationCode: 'A03-01',
        barcode: '6955000000303',
        batchCode: 'L7',
        expiryDate: '2027-06-30',
        countedQuantity: 6,
      },
    ])
    expect(screen.getByTestId('scan-found-line')).toHaveTextContent('A03-01 · 牛奶 1L · 6 · found')

    // goods not tracked by lot go straight to the quantity; the line's own goods are counted as before
    await type('SOAP-01')
    await waitFor(() => expect(feedback()).toHaveTextContent('Record as found?'))
    await userEvent.click(screen.getByTestId('scan-found-yes'))
    await type('2')
    await waitFor(() => expect(feedback()).toHaveTextContent('Recorded as found: 香皂, 2'))
    expect(added()[1]?.data).toEqual({
      stockCountId: 9,
      locationCode: 'A03-01',
      barcode: 'SOAP-01',
      countedQuantity: 2,
    })
    await type('6900000000011')
    await type('4')
    expect(feedback()).toHaveTextContent('All 1 lines scanned: confirm')
    expect(screen.getAllByTestId('scan-found-line')).toHaveLength(2)
  })

  test('unknown goods are red and nothing is asked; a scan of the expected goods instead of yes counts them', async () => {
    render(<CountWithFound />)
    await type('A03-01')
    await type('0000NOPE')
    await waitFor(() => expect(feedback()).toHaveTextContent('No goods has the barcode or code 0000NOPE'))
    expect(feedback()).toHaveAttribute('data-tone', 'error')
    expect(screen.queryByTestId('scan-found-yes')).toBeNull()
    await type('6955000000404')
    await waitFor(() => expect(feedback()).toHaveTextContent('Record as found?'))
    await type('6900000000011')
    expect(feedback()).toHaveAttribute('data-tone', 'ok')
    expect(screen.getByTestId('scan-prompt')).toHaveTextContent(/quantity/i)
    expect(added()).toEqual([])
  })

  test("the server's refusal of the found line is said in red and nothing is listed", async () => {
    render(<FoundRefused />)
    await type('A03-01')
    await type('6955000000404')
    await waitFor(() => expect(feedback()).toHaveTextContent('Record as found?'))
    await type('')
    await type('3')
    await waitFor(() => expect(feedback()).toHaveTextContent('stockCount 9 is POSTED'))
    expect(feedback()).toHaveAttribute('data-tone', 'error')
    expect(screen.queryByTestId('scan-found-line')).toBeNull()
  })
})
