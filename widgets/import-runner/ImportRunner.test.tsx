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

const {
  BeforeUpload,
  CheckedRows,
  TemplateFails,
  UnknownTemplate,
  EmptyWorkbook,
  LoadingTemplate,
  Importing,
  ImportRunning,
  ImportFailed,
  ImportRefused,
} = composeStories(stories, preview)

const importButton = () => screen.findByRole('button', { name: 'Import valid rows' })

describe('ImportRunner, errors', () => {
  test('a template the server cannot read: what is wrong, with the server reason', async () => {
    render(<TemplateFails />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The import template is not available')
    expect(alert).toHaveTextContent(
      'Import template WMDM.WAREHOUSE has no sheet: add one in Import templates.',
    )
    // The call is silent: the page says it, no notification repeats it.
    expect(currentStoryEnv().notices).toEqual([])
  })

  test('an unknown template code is named', async () => {
    render(<UnknownTemplate />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('No import template of this code: WMDM.RETIRED')
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
    render(<Importing />)
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
