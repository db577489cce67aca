/**
 * Pages inherit their model, on the server (issue 20): the page load checks a page against its model with the
 * shared check (a page looser than its model is served with the error, so the browser shows it), and a page
 * is served with the facts of the models it names, which the browser completes it from.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token = ''
const pagesDir = mkdtempSync(join(tmpdir(), 'wms-inherit-'))

beforeAll(async () => {
  mkdirSync(join(pagesDir, 'wmdm'))
  copyFileSync('schemas/pages/wmdm/location.page.json', join(pagesDir, 'wmdm/location.page.json'))
  const looser = JSON.parse(readFileSync('schemas/pages/wmdm/area-location.page.json', 'utf8'))
  looser.fields.locationCode.maxLength = 60
  writeFileSync(join(pagesDir, 'wmdm/area-location.page.json'), JSON.stringify(looser, null, 2))
  app = await createTestApp({ pagesDir })
  token = await signIn(app, 'admin', 'Admin@123')
})
afterAll(async () => {
  await app?.close()
  rmSync(pagesDir, { recursive: true, force: true })
})

const page = async (route: string) =>
  (await injectAs(app, token, 'GET', `/api/hpfm/v1/page-schemas/page?route=${route}`)).json() as {
    issues: Array<{ pointer: string; message: string; suggestion?: string; severity: string }>
    models: Record<string, { fields: Array<Record<string, unknown>> }>
  }

it('serves a page with the facts of its model, which its fields inherit', async () => {
  const served = await page('/wmdm/location')
  expect(served.issues.filter((issue) => issue.severity === 'error')).toEqual([])
  const field = served.models['wms/location']?.fields.find((f) => f.name === 'locationCode')
  expect(field).toMatchObject({ type: 'string', maxLength: 30, required: true, pattern: '^[A-Za-z0-9_.-]+$' })
})

it('refuses at load a page looser than its model, saying what the model says and the fix', async () => {
  const served = await page('/wmdm/area/area-location')
  expect(served.issues).toContainEqual(
    expect.objectContaining({
      severity: 'error',
      pointer: '/fields/locationCode/maxLength',
      message: expect.stringContaining('the model wms/location says locationCode is at most 30 long'),
      suggestion: expect.stringContaining('drop /fields/locationCode/maxLength'),
    }),
  )
})
