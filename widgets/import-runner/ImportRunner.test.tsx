import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ImportRunner.stories'

const { Importing, CheckedRows } = composeStories(stories, preview)
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
