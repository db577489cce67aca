import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { createRegistry, RendererProvider } from '../../renderer/index'
import { createFakeEnv } from '../../stories/support/fake-env'
import { ScheduleTime } from './ScheduleTime'

/** A server whose wire date-times are Europe/Berlin local time, read by a user on GMT+8. */
function renderTime(value: string, timeZone?: string) {
  const env = createFakeEnv({
    handlers: {
      'GET hsdr /v1/1/scheduler/time-zone': () => ({
        timeZone: 'Europe/Berlin',
        serverTimeZone: 'Europe/Berlin',
      }),
    },
    user: timeZone ? { timeZone } : {},
  })
  render(
    <RendererProvider env={env} registry={createRegistry([])}>
      <ScheduleTime value={value} />
    </RendererProvider>,
  )
}

test("a job's next fire time is shown on the user's clock with the user's zone named", async () => {
  // 02:30 CEST on 30 March 2026 is 08:30 on a GMT+8 clock.
  renderTime('2026-03-30 02:30:00', 'GMT+8')
  expect(await screen.findByText('2026-03-30 08:30:00 GMT+8')).toBeInTheDocument()
})

test("without a zone of the user's own, the server's zone is named with its offset", async () => {
  renderTime('2026-01-15 09:00:00')
  expect(await screen.findByText('2026-01-15 09:00:00 Europe/Berlin (GMT+01:00)')).toBeInTheDocument()
})
