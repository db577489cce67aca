import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ExportTasks.stories'

const { EveryState, ManyTasks, Empty, CancelRefused } = composeStories(stories, preview)
const TIMEOUT = 60000
const listCalls = () => currentStoryEnv().calls.filter((c) => c.path === '/v1/1/self/export-task')
const rowOf = async (taskCode: string) => (await screen.findByText(taskCode)).closest('tr') as HTMLElement
const saved: string[] = []

beforeEach(() => {
  saved.length = 0
  URL.createObjectURL = vi.fn(() => 'blob:fixture')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})
afterEach(() => vi.restoreAllMocks())

test(
  'lists the tasks with code, name, service, state and end time; states coloured (CORE-EXP-14..16)',
  { timeout: TIMEOUT },
  async () => {
    render(<EveryState />)
    const done = await rowOf('EXP2026112100001')
    expect(listCalls()[0]?.params).toEqual({ page: 0, size: 10 })
    expect(within(done).getByText('Warehouses')).toBeInTheDocument()
    expect(within(done).getByText('wms')).toBeInTheDocument()
    expect(within(done).getByText('2026-11-21 10:15:00')).toBeInTheDocument()
    const tag = (code: string, state: string) =>
      screen.getByText(code).closest('tr')?.querySelector(`[data-state="${state}"]`) as HTMLElement
    expect(tag('EXP2026112100001', 'DONE')).toHaveClass('ant-tag-green')
    expect(tag('EXP2026112100001', 'DONE')).toHaveTextContent('Finished')
    expect(tag('EXP2026112100003', 'CANCELLED')).toHaveClass('ant-tag-red')
    expect(tag('EXP2026112100002', 'DOING')).toHaveTextContent('In progress')
    expect(tag('EXP2026112100004', 'FAILED')).toHaveTextContent('Failed')
    expect(screen.getByText('5 records in total')).toBeInTheDocument()
  },
)

test(
  'download only for DONE with a URL; it saves the file the server names (CORE-EXP-17)',
  { timeout: TIMEOUT },
  async () => {
    render(<EveryState />)
    const withFile = await rowOf('EXP2026112100001')
    const fileGone = await rowOf('EXP2026112100005')
    expect(within(fileGone).queryByRole('button', { name: 'Download' })).toBeNull()
    for (const code of ['EXP2026112100002', 'EXP2026112100003', 'EXP2026112100004'])
      expect(within(await rowOf(code)).queryByRole('button', { name: 'Download' })).toBeNull()
    await userEvent.click(within(withFile).getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(saved).toEqual(['Warehouses 1.xlsx']))
    expect(currentStoryEnv().calls.at(-1)).toMatchObject({
      method: 'GET',
      service: 'hpfm',
      path: '/v1/1/export-task/00000000-0000-4000-8000-000000000001/file',
      responseType: 'download',
    })
  },
)

test(
  'cancel only when DOING: asks, sends the task code, says "Operation successful" and refreshes (CORE-EXP-18, -19)',
  { timeout: TIMEOUT },
  async () => {
    render(<EveryState />)
    const doing = await rowOf('EXP2026112100002')
    expect(within(await rowOf('EXP2026112100001')).queryByRole('button', { name: 'Cancel task' })).toBeNull()
    await userEvent.click(within(doing).getByRole('button', { name: 'Cancel task' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({ type: 'success', message: 'Operation successful' }),
    )
    expect(currentStoryEnv().confirms).toEqual(['Cancel this export task?'])
    expect(currentStoryEnv().calls.find((c) => c.method === 'PUT')).toMatchObject({
      service: 'hpfm',
      path: '/v1/1/export-task/cancel',
      data: { taskCode: 'EXP2026112100002' },
    })
    await waitFor(() => expect(listCalls()).toHaveLength(2))
    await waitFor(() =>
      expect(
        (screen.getByText('EXP2026112100002').closest('tr') as HTMLElement).querySelector(
          '[data-state="CANCELLED"]',
        ),
      ).not.toBeNull(),
    )
  },
)

test(
  'a refused cancel shows the server message and leaves the list as it was (CORE-EXP-20)',
  { timeout: TIMEOUT },
  async () => {
    render(<CancelRefused />)
    const doing = await rowOf('EXP2026112100002')
    await userEvent.click(within(doing).getByRole('button', { name: 'Cancel task' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'error',
        message:
          'Export task EXP2026112100002 is DONE: only a task in progress (DOING) can be cancelled; reload the task list.',
      }),
    )
    expect(listCalls()).toHaveLength(1)
    expect(doing.querySelector('[data-state="DOING"]')).not.toBeNull()
  },
)

test('error info opens a second drawer with the task error (CORE-EXP-21)', { timeout: TIMEOUT }, async () => {
  render(<EveryState />)
  const failed = await rowOf('EXP2026112100004')
  await userEvent.click(within(failed).getByRole('button', { name: 'Error info' }))
  expect(await screen.findByTestId('export-error-info')).toHaveTextContent('interrupted by a server restart')
  expect(screen.getByText('Error info · EXP2026112100004')).toBeInTheDocument()
})

test(
  'a FAILED task runs again: the task code is posted and the new uuid shown',
  { timeout: TIMEOUT },
  async () => {
    render(<EveryState />)
    const failed = await rowOf('EXP2026112100004')
    await userEvent.click(within(failed).getByRole('button', { name: 'Run again' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'success',
        message: 'Async export task submitted 00000000-0000-4000-8000-000000000999',
      }),
    )
    expect(currentStoryEnv().calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/1/export-task/retry',
      data: { taskCode: 'EXP2026112100004' },
    })
  },
)

test('the search sends task code, name and state (CORE-EXP-14)', { timeout: TIMEOUT }, async () => {
  render(<ManyTasks />)
  await rowOf('EXP2026112100001')
  const form = screen.getByRole('search')
  await userEvent.click(within(form).getByLabelText('Task code'))
  await userEvent.paste('EXP20261121000')
  await userEvent.click(within(form).getByLabelText('Task name'))
  await userEvent.paste('Warehouses')
  await userEvent.click(within(form).getByLabelText('State'))
  await userEvent.click(await screen.findByTitle('Cancelled'))
  await userEvent.click(within(form).getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(listCalls().at(-1)?.params).toEqual({
      taskCode: 'EXP20261121000',
      taskName: 'Warehouses',
      state: 'CANCELLED',
      page: 0,
      size: 10,
    }),
  )
  expect(await screen.findByText('14 records in total')).toBeInTheDocument()
})

test('many tasks are paged on the server', { timeout: TIMEOUT }, async () => {
  render(<ManyTasks />)
  expect(await screen.findByText('57 records in total')).toBeInTheDocument()
  await userEvent.click(screen.getByTitle('2'))
  await waitFor(() => expect(listCalls().at(-1)?.params).toEqual({ page: 1, size: 10 }))
  expect(await screen.findByText('EXP2026112100011')).toBeInTheDocument()
})

test('no tasks: the empty text says so', { timeout: TIMEOUT }, async () => {
  render(<Empty />)
  expect(await screen.findByText('No export tasks yet')).toBeInTheDocument()
})
