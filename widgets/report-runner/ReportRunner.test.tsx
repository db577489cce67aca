/**
 * The report page's states as a user sees them, from its stories (answered by the app's HTTP client over
 * fixtures): a table and a chart run, errors of the definition and of a run, an empty result, loading, zh_TW.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ReportRunner.stories'
import { findPageAlert } from '../../stories/support/page-alert'

const {
  TableReport,
  DefinitionFails,
  UnknownReport,
  RunFails,
  EmptyResult,
  Loading,
  Running,
  TraditionalChinese,
} = composeStories(stories, preview)

const run = async (name = 'Run') => userEvent.click(await screen.findByRole('button', { name }))

describe('ReportRunner', () => {
  test('a table report: Run sends the parameters and lists the rows', async () => {
    render(<TableReport />)
    await run()
    expect(await screen.findByText('NORMAL')).toBeInTheDocument()
    const call = currentStoryEnv().calls.find((c) => c.path === '/v1/1/reports/WAREHOUSE_BY_TYPE/run')
    expect(call?.data).toEqual({ params: { warehouseType: '' } })
  })

  test('error: a definition the server refuses shows what is wrong and the server reason', async () => {
    render(<DefinitionFails />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The report is not available')
    expect(alert).toHaveTextContent(
      'Report WAREHOUSE_BY_TYPE uses the data set WAREHOUSE_LIST, which is disabled: enable it in Data sets.',
    )
  })

  test('error: an unknown report code is named', async () => {
    render(<UnknownReport />)
    expect(await findPageAlert()).toHaveTextContent('No report of this code: RETIRED_REPORT')
  })

  test('error: a refused run is notified with the server message, and the form stays', async () => {
    render(<RunFails />)
    await run()
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        {
          type: 'error',
          message:
            "Parameter warehouseType: 'SPACESHIP' is not a warehouse type. Choose NORMAL, BONDED, COLD or VIRTUAL.",
        },
      ]),
    )
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled()
    expect(screen.queryByText('NORMAL')).toBeNull()
  })

  test('empty: a run without rows says No rows', async () => {
    render(<EmptyResult />)
    await run()
    expect((await screen.findAllByText('No rows')).length).toBeGreaterThan(0)
  })

  test('loading: a skeleton until the definition comes', async () => {
    render(<Loading />)
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull())
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull()
  })

  test('running: the Run button shows the server is working', async () => {
    render(<Running />)
    await run()
    await waitFor(() => expect(screen.getByRole('button', { name: /Run/ })).toHaveClass('ant-btn-loading'))
  })

  test('zh_TW: the buttons in traditional Chinese', async () => {
    render(<TraditionalChinese />)
    expect(await screen.findByRole('button', { name: /查\s*詢/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '導出 Excel' })).toBeInTheDocument()
  })
})
