/**
 * Cron expressions on save and on schedule (issue 21, "Hostile input"): every model field declared
 * `"format": "quartz-cron"` is checked on every write with the module the cron editor uses
 * (renderer/contract/quartz-cron.ts), so what Quartz refuses is a 400 naming the field and the wrong part, and
 * what Quartz accepts (`L-2`, `? * L`, `FRI-MON`, `NOV-FEB`, `22-2`) is saved. The scheduler fires in its
 * declared zone (config.schedulerTimeZone, here Europe/Berlin) with Quartz's DST rules.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wireDateTime } from '../../server/modules/hsdr/clock.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'

let app: FastifyInstance
let admin: string
let now = Date.parse('2026-03-28T12:00:00Z')
let serial = 0

beforeAll(async () => {
  process.env.SCHEDULER_TICK_MS = '0'
  app = await createTestApp({ now: () => now, schedulerTimeZone: 'Europe/Berlin' })
  await app.ready()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(async () => {
  await app.close()
  delete process.env.SCHEDULER_TICK_MS
})

const job = (cronExpression: string) => ({
  jobCode: `QC.${++serial}`,
  jobName: 'Cron check',
  jobType: 'MODEL_SNAPSHOT',
  cronExpression,
  jobParams: '{"models": ["wms/warehouse"]}',
  enabledFlag: 1,
})

const sync = (cronExpression: string) => ({
  syncCode: `QC_${++serial}`,
  syncName: 'Cron check',
  syncType: 'DING_TALK',
  syncScope: 'ALL',
  endpointUrl: 'https://example.invalid/hook',
  cronExpression,
})

/** Quartz refuses each; the message must name the field (or the count of fields) and the wrong part. */
const REFUSED: Array<[expression: string, says: RegExp]> = [
  ['0 9 * * 1-5', /6 or 7 fields \(seconds first\): did you mean `0 0 9 \? \* MON-FRI`/],
  ['0 0 12 15 * MON', /day-of-month '15' and day-of-week 'MON' are both given/],
  ['? 0 12 * * ?', /seconds: '\?' is allowed only in day-of-month or day-of-week/],
  ['0 0 12 ? * 8', /day-of-week: '8' is not a day of the week/],
  ['0 0 12 * * *', /did you mean `0 0 12 \? \* \*`/],
  ['0 0 12 ? * ?', /both '\?'/],
  ['0 */60 12 * * ?', /minutes: the step 60 is outside 1–59/],
  ['0 0 12 L,15 * ?', /day-of-month: 'L' and 'W' cannot be combined/],
  ['0 0 12 ? * 2#1,3#2', /day-of-week: 'L' and '#' cannot be combined/],
  ['0 0 12 15L * ?', /day-of-month: '15L' is not a day-of-month form/],
]
const ACCEPTED = [
  '0 0 12 L-2 * ?',
  '0 0 12 ? * L',
  '0 0 12 ? * FRI-MON',
  '0 0 12 ? NOV-FEB *',
  '0 0 22-2 * * ?',
]

describe('saving a cron', () => {
  it.each(REFUSED)('job %s: 400 naming cronExpression', async (expression, says) => {
    const response = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', job(expression))
    expect(response.statusCode, response.body).toBe(400)
    expectEnvelope(response, [400])
    const body = response.json() as { message: string; fields: Record<string, string> }
    expect(body.fields.cronExpression).toMatch(/not valid in Quartz|not a valid Quartz cron/)
    expect(body.fields.cronExpression).toMatch(says)
  })

  it.each(REFUSED)(
    'outer sync %s (the generic model engine): 400 naming cronExpression',
    async (expression, says) => {
      const response = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/outer-syncs', sync(expression))
      expect(response.statusCode, response.body).toBe(400)
      expectEnvelope(response, [400])
      const body = response.json() as { fields: Record<string, string> }
      expect(body.fields.cronExpression).toMatch(
        /^cronExpression '.*' is not a valid Quartz cron expression: /,
      )
      expect(body.fields.cronExpression).toMatch(says)
    },
  )

  it.each(ACCEPTED)('job %s: saved and scheduled', async (expression) => {
    const response = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', job(expression))
    expect(response.statusCode, response.body).toBe(201)
    const sync201 = await injectAs(app, admin, 'POST', '/api/hpfm/v1/1/outer-syncs', sync(expression))
    expect(sync201.statusCode, sync201.body).toBe(201)
  })

  it('an update and a batch-save are checked alike', async () => {
    const created = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', job('0 0 2 * * ?'))
    expect(created.statusCode, created.body).toBe(201)
    const row = created.json() as Record<string, unknown>
    const update = await injectAs(app, admin, 'PUT', '/api/hsdr/v1/1/job-infos', {
      ...row,
      cronExpression: '0 0 12 15 * MON',
    })
    expect(update.statusCode, update.body).toBe(400)
    expect((update.json() as { fields: Record<string, string> }).fields.cronExpression).toMatch(/day-of-week/)
    const batch = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos/batch-save', [
      { ...job('0 0 12 ? * 0'), _status: 'create' },
    ])
    expect(batch.statusCode, batch.body).toBe(400)
    expect(JSON.stringify(batch.json())).toMatch(/day-of-week: '0' is not a day of the week/)
  })
})

describe('firing in the declared zone', () => {
  it('says which zone jobs fire in and which zone the wire date-times are in', async () => {
    const response = await injectAs(app, admin, 'GET', '/api/hsdr/v1/1/scheduler/time-zone')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      timeZone: 'Europe/Berlin',
      serverTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
  })

  it('02:30 Berlin time does not exist on 29 March 2026: the job fires on the 30th, as Quartz does', async () => {
    now = Date.parse('2026-03-28T12:00:00Z')
    const created = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', job('0 30 2 * * ?'))
    expect(created.statusCode, created.body).toBe(201)
    const { jobId } = created.json() as { jobId: number }
    await app.scheduler.tick()
    const info = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${jobId}`)).json()
    // The wire carries the server's local time of the instant 02:30 CEST on the 30th (00:30 UTC).
    expect(info.nextFireTime).toBe(wireDateTime(new Date('2026-03-30T00:30:00Z')))
  })
})
