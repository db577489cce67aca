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

const { Outbound, NotFound, RecordRefused, NoLines, BuiltInTexts, TextsFailed } = composeStories(
  stories,
  preview,
)

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
    // header and footer from the general templates WMS.PRINT_HEADER / WMS.PRINT_FOOTER, asked once
    expect(sheet.getByTestId('document-header')).toHaveTextContent(
      '华东日化仓储 · Outbound order (delivery note) CK202611270007',
    )
    expect(sheet.getByTestId('document-footer')).toHaveTextContent(
      'Printed by Admin at 2026-11-27 10:00:00 · copy 1 of 1',
    )
    const asked = currentStoryEnv().calls.filter((call) => call.path.endsWith('/general-templates/render'))
    expect(asked.map((call) => call.params)).toEqual([
      {
        codes: 'WMS.PRINT_HEADER,WMS.PRINT_FOOTER',
        documentType: 'Outbound order (delivery note)',
        documentNumber: 'CK202611270007',
      },
    ])
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
    expect(screen.getAllByTestId('document-footer').map((footer) => footer.textContent)).toEqual([
      'Printed by Admin at 2026-11-27 10:00:00 · copy 1 of 2',
      'Printed by Admin at 2026-11-27 10:00:00 · copy 2 of 2',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Print' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(recordCalls().map((call) => call.data)).toEqual([
      { printType: 'DOCUMENT', docType: 'OUTBOUND', docNum: 'CK202611270007', copies: 2 },
    ])
  })

  test('a tenant without print templates (404) prints the built-in heading and footer, without a warning', async () => {
    render(<BuiltInTexts />)
    const sheet = within((await screen.findAllByTestId('document-sheet'))[0]!)
    expect(sheet.getByTestId('document-header')).toHaveTextContent(/^Outbound order \(delivery note\)$/)
    expect(sheet.getByTestId('document-footer')).toHaveTextContent(/^Printed at: .+ · Copy 1 \/ 1$/)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('error: templates that cannot be read are said above the sheet; the built-in texts are printed', async () => {
    render(<TextsFailed />)
    const sheet = within((await screen.findAllByTestId('document-sheet'))[0]!)
    expect(sheet.getByTestId('document-header')).toHaveTextContent(/^Outbound order \(delivery note\)$/)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The print header and footer templates could not be read')
    expect(alert).toHaveTextContent('The database is not answering: try again in a minute.')
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled()
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
