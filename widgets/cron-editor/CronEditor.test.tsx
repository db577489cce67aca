import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './CronEditor.stories'

const {
  Defaults,
  MinutesIncrement,
  HoursRange,
  DaysNthWeekday,
  DaysBeforeMonthEnd,
  SecondsList,
  Invalid,
  Field,
  FieldReadPretty,
} = composeStories(stories, preview)

const ok = () => screen.getByText('OK').closest('button')!
/** The option (radio) a label text or an input inside it belongs to; role queries are slow on these big tabs. */
const optionOf = (element: HTMLElement) =>
  element.closest('.ant-radio-wrapper')!.querySelector<HTMLInputElement>('input[type=radio]')!
const expression = () => screen.getByTestId('cron-expression').textContent

test('PLAT-CRON-01/07: six tabs; no expression opens the defaults', async () => {
  render(<Defaults />)
  const tabs = await screen.findAllByRole('tab')
  expect(tabs.map((tab) => tab.textContent)).toEqual([
    'Seconds',
    'Minutes',
    'Hours',
    'Days',
    'Months',
    'Years',
  ])
  expect(expression()).toBe('* * * * * ? *')
  expect(screen.getByTestId('cron-meaning').textContent).toBe('Every second')
})

test('PLAT-CRON-06/08: an expression opens in the tabs and OK emits it unchanged', async () => {
  render(<MinutesIncrement />)
  const step = await screen.findByLabelText('Minutes Step')
  expect(step).toHaveValue('5')
  expect(optionOf(step)).toBeChecked()
  fireEvent.click(ok())
  expect(MinutesIncrement.args.onOk).toHaveBeenCalledWith('0 0/5 * * * ? *')
})

test('editing a value chooses its option and changes the expression, meaning and next runs', async () => {
  render(<HoursRange />)
  const end = await screen.findByLabelText('Hours Range end')
  expect(end).toHaveValue('17')
  fireEvent.change(end, { target: { value: '18' } })
  fireEvent.blur(end)
  await waitFor(() => expect(expression()).toBe('0 0 9-18 ? * MON-FRI *'))
  expect(screen.getByTestId('cron-meaning').textContent).toContain('Monday through Friday')
  expect(within(screen.getByTestId('cron-next-runs')).getAllByRole('listitem')).toHaveLength(5)
})

test('the days tab shows the nth weekday and its meaning', async () => {
  render(<DaysNthWeekday />)
  const nth = await screen.findByLabelText('The Which one. Day of week of the month: Which one')
  expect(nth).toHaveValue('3')
  expect(optionOf(nth)).toBeChecked()
  expect(screen.getByTestId('cron-meaning').textContent).toBe('At 12:00 PM, on the third Friday of the month')
})

test('L-3: the next runs are the scheduler’s (Europe/Berlin) shown on the user’s clock (GMT+8), zones named', async () => {
  render(<DaysBeforeMonthEnd />)
  const runs = within(await screen.findByTestId('cron-next-runs')).getAllByRole('listitem')
  expect(runs).toHaveLength(5)
  expect(screen.getByTestId('cron-zone-note').textContent).toMatch(
    /^Jobs fire in the scheduler's time zone Europe\/Berlin \(GMT\+0[12]:00\); shown here in your time zone GMT\+8$/,
  )
  // 12:00 in Berlin is 19:00 (winter) or 18:00 (summer) on a GMT+8 clock, on the 3rd day before the month's end.
  for (const run of runs) expect(run.textContent).toMatch(/^\d{4}-\d{2}-\d{2} 1[89]:00:00 GMT\+8$/)
  expect(ok()).toBeEnabled()
})

test('an empty list disables OK and says which tab', async () => {
  render(<SecondsList />)
  fireEvent.click(await screen.findByLabelText('15'))
  fireEvent.click(screen.getByLabelText('45'))
  expect(await screen.findByText('Seconds: choose at least one value')).toBeInTheDocument()
  expect(ok()).toBeDisabled()
})

test('a step of 60 is not offered (Quartz refuses it): the box stops at 59 and OK stays enabled', async () => {
  render(<MinutesIncrement />)
  const step = await screen.findByLabelText('Minutes Step')
  fireEvent.change(step, { target: { value: '60' } })
  fireEvent.blur(step)
  await waitFor(() => expect(expression()).toBe('0 0/59 * * * ? *'))
  expect(ok()).toBeEnabled()
})

test('an expression the tabs cannot show says why and opens the defaults', async () => {
  render(<Invalid />)
  expect(
    await screen.findByText(
      "Cannot open '0 0 25 * * ? *': 25 in the Hours field is outside 0–23. The tabs show the defaults.",
    ),
  ).toBeInTheDocument()
  expect(expression()).toBe('* * * * * ? *')
})

test('the Cron field writes the modal’s expression; read-pretty shows the meaning', async () => {
  const { unmount } = render(<Field />)
  fireEvent.click(await screen.findByLabelText('Edit the cron expression'))
  fireEvent.click(await screen.findByText('Days'))
  fireEvent.click(screen.getByText('Last weekday of the month'))
  fireEvent.click(ok())
  await waitFor(() => expect(screen.getByTestId('form-value').textContent).toBe('"0 0 12 LW * ? *"'))
  unmount()
  render(<FieldReadPretty />)
  expect(await screen.findByText('Every 5 minutes')).toBeInTheDocument()
  expect(screen.getByText('0 0/5 * * * ? *')).toBeInTheDocument()
})
