/**
 * The document print view from its stories (answered by the app's HTTP client over fixtures): the order and its
 * lines on the sheet, copies, Print recording the print before the print dialog, a refused record not printed,
 * a document the user may not see.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import { findPageAlert } from '../../stories/support/page-alert'
import * as stories from './DocumentPrint.stories'

const { Outbound, NotFound, RecordRefused, NoLines } = composeStories(stories, preview)

const recordCalls = () =>
  currentStoryEnv().calls.filter((call) => call.path.endsWith('/print-records/record'))

afterEach(() => vi.restoreAllMocks())

describe('DocumentPrint', () => {
  test('the order and its lines on a sheet; Print records type, number and copies, then opens the print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    render(<Outbound />)
    const sheets = await screen.findAllByTestId('document-sheet')
    expect(sheets).toHaveLength(1)
    const sheet = within(sheets[0]!)
    expect(sheet.getByText('Outbound order (delivery note)')).toBeInTheDocument()
    expect(sheet.getByRole('img', { name: 'CK202611270007' })).toBeInTheDocument()
    expect(sheet.getByText('上海优选超市')).toBeInTheDocument()
    // coded fields print their meaning (status PACKED of WINV.OUTBOUND_STATUS)
    expect(await sheet.findByText('Packed')).toBeInTheDocument()
    expect(sheet.queryByText('PACKED')).toBeNull()
    const table = sheet.getByRole('table', { name: 'Lines' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByText('洗衣液 2L')).toBeInTheDocument()

    const copies = screen.getByRole('spinbutton', { name: 'Copies' })
    await userEvent.clear(copies)
    await userEvent.type(copies, '2')
    await waitFor(() => expect(screen.getAllByTestId('document-sheet')).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Print' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(recordCalls().map((call) => call.data)).toEqual([
      { printType: 'DOCUMENT', docType: 'OUTBOUND', docNum: 'CK202611270007', copies: 2 },
    ])
  })

  test('error: a record the server refuses is notified and nothing is printed', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    render(<RecordRefused />)
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        {
          type: 'error',
          message:
            'docNum: OUTBOUND document CK202611270007 does not exist in this tenant (or is not yours): check the number.',
        },
      ]),
    )
    expect(print).not.toHaveBeenCalled()
  })

  test('error: a document the user may not see is said, with the server reason; no Print', async () => {
    render(<NotFound />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The document cannot be printed')
    expect(alert).toHaveTextContent('outboundOrder 7 does not exist (or is not yours): reload the list.')
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull()
  })

  test('empty: an order without lines still prints its sheet with an empty line table', async () => {
    render(<NoLines />)
    const table = await screen.findByRole('table', { name: 'Lines' })
    expect(within(table).getAllByRole('row')).toHaveLength(1)
    expect(screen.getByText('0 lines')).toBeInTheDocument()
  })
})
