/**
 * The import page's states as a user sees them, from its stories (answered by the app's HTTP client over
 * fixtures): the template's failures, an empty workbook, loading, an import running, failed or refused.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ImportRunner.stories'
import { findPageAlert } from '../../stories/support/page-alert'

const {
  Importing,
  BeforeUpload,
  CheckedRows,
  TemplateFails,
  UnknownTemplate,
  EmptyWorkbook,
  LoadingTemplate,
  ImportingElsewhere,
  ImportRunning,
  ImportFailed,
  ImportRefused,
} = composeStories(stories, preview)

const importButton = () => screen.findByRole('button', { name: 'Import valid rows' })

describe('ImportRunner, errors', () => {
  test('a template the server cannot read: what is wrong, with the server reason', async () => {
    render(<TemplateFails />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The import template is not available')
    expect(alert).toHaveTextContent(
      'Import template WMDM.WAREHOUSE has no sheet: add one in Import templates.',
    )
    // The call is silent: the page says it, no notification repeats it.
    expect(currentStoryEnv().notices).toEqual([])
  })

  test('an unknown template code is named', async () => {
    render(<UnknownTemplate />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent(
      'No import template of this code, pick one from the template list: WMDM.RETIRED',
    )
    expect(screen.queryByRole('button', { name: 'Upload and check' })).toBeNull()
  })

  test('a FAILED import shows its reason and can be imported again', async () => {
    render(<ImportFailed />)
    expect(
      await screen.findByText(
        'The import stopped at row 3 when the server restarted: press Import valid rows again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Failed')).toBeInTheDocument()
    expect(await importButton()).toBeEnabled()
  })

  test('a refused import: the server message as a notification, and the batch read again', async () => {
    render(<ImportRefused />)
    await userEvent.click(await importButton())
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'error',
        message: 'Batch 7 is already being imported by another session: wait for it to finish.',
      }),
    )
    const env = currentStoryEnv()
    await waitFor(() =>
      expect(env.calls.filter((c) => c.path === '/v1/1/imports/7').length).toBeGreaterThan(0),
    )
    // The refusal went over the wire as the server sends it: a 409 error envelope.
    expect(
      env.sent.some((r) => r.method === 'POST' && r.url === '/api/himp/v1/1/import-batches/7/import'),
    ).toBe(true)
  })
})

describe('ImportRunner, empty and loading', () => {
  test('before an upload: the template columns, required ones marked, download and upload', async () => {
    render(<BeforeUpload />)
    expect(await screen.findByText('仓库导入 (WMDM.WAREHOUSE)')).toBeInTheDocument()
    expect(screen.getByText('仓库编码')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download template' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Import valid rows' })).toBeNull()
  })

  test('an empty workbook: no rows listed and nothing to import', async () => {
    render(<EmptyWorkbook />)
    expect(await screen.findByText('File: empty.xlsx')).toBeInTheDocument()
    await waitFor(() =>
      expect(currentStoryEnv().calls.some((c) => c.path === '/v1/1/import-batches/7/lines')).toBe(true),
    )
    await waitFor(() =>
      expect(document.querySelector('.ant-table-placeholder .ant-empty')).toHaveTextContent('No data'),
    )
    expect(await importButton()).toBeDisabled()
  })

  test('loading: the code stands in the title until the template comes', async () => {
    render(<LoadingTemplate />)
    expect(await screen.findByText('WMDM.WAREHOUSE')).toBeInTheDocument()
    expect(screen.queryByText('仓库编码')).toBeNull()
  })

  test('a batch being imported elsewhere: Importing, and Import waits', async () => {
    render(<ImportingElsewhere />)
    expect(await screen.findByText('Importing')).toBeInTheDocument()
    expect(await importButton()).toBeDisabled()
  })

  test('an import running here: the buttons wait for the server', async () => {
    render(<ImportRunning />)
    await userEvent.click(await importButton())
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Upload and check/ })).toHaveClass('ant-btn-loading'),
    )
    expect(screen.getByRole('button', { name: 'Import valid rows' })).toBeDisabled()
  })

  test('checked rows: the error row names its problem and offers Fix', async () => {
    render(<CheckedRows />)
    expect(
      await screen.findByText("仓库类型 (warehouseType) 'SPACESHIP' is not a value of WMDM.WAREHOUSE_TYPE"),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Fix' }).length).toBe(3)
  })
})
const TIMEOUT = 60000
const progressCalls = () =>
  currentStoryEnv().calls.filter((c) => c.path === '/v1/1/import-batches/8/progress').length

test(
  'while an import runs, shows rows imported of the total from the polled progress, then the outcome',
  { timeout: TIMEOUT },
  async () => {
    render(<Importing />)
    const start = await screen.findByRole('button', { name: 'Import valid rows' })
    expect(screen.queryByTestId('import-progress')).toBeNull()
    expect(progressCalls()).toBe(0) // nothing polled before the import starts
    await userEvent.click(start)
    expect((await screen.findByText('Importing')).closest('.ant-descriptions')).not.toBeNull()
    expect(await screen.findByText('Rows imported: 0 / 1200', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText('Rows imported: 500 / 1200', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText('Rows imported: 1000 / 1200', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute('aria-valuenow', '83')
    expect(screen.getByRole('button', { name: 'Import valid rows' })).toBeDisabled()
    await waitFor(
      () =>
        expect(currentStoryEnv().notices).toContainEqual({
          type: 'success',
          message: 'Import finished: 1200 / 1200',
        }),
      { timeout: 10000 },
    )
    expect(screen.queryByTestId('import-progress')).toBeNull()
    // the batch's status tag (not the row filter's option of the same word)
    expect(screen.getAllByText('Imported').some((el) => el.closest('.ant-descriptions'))).toBe(true)
    const polled = progressCalls()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(progressCalls()).toBe(polled) // polling stopped with the run
  },
)

test(
  'an upload that is not importing shows no progress and asks for none',
  { timeout: TIMEOUT },
  async () => {
    render(<CheckedRows />)
    await screen.findByText('Validated')
    expect(screen.queryByTestId('import-progress')).toBeNull()
    expect(currentStoryEnv().calls.some((c) => c.path.endsWith('/progress'))).toBe(false)
  },
)
