import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import type { Row } from '../../server/modules/models/model-scope.ts'
import { createTestApp, injectAs } from '../../server/testing.ts'
import { allPermissionCodes, fillPath, models, signInMember, TENANT_A, validRow } from './support/security.ts'

/**
 * Optimistic locking under races (issue 9, wire contract objectVersionNumber): several users save the same
 * record at the same version at once; exactly one wins, every other gets 409 with a message, nothing is lost.
 */
const EDITORS = 4
let app: FastifyInstance
let tokens: string[]

beforeAll(async () => {
  app = await createTestApp()
  const codes = await allPermissionCodes(app)
  tokens = []
  for (let i = 0; i < EDITORS; i++) tokens.push((await signInMember(app, TENANT_A, codes)).token)
})
afterAll(() => app.close())

const raced = models.filter((model) => ['warehouse', 'jxsOutboundOrder'].includes(model.entity))

describe.each(raced.map((model) => [model.entity, model] as const))(
  'concurrent saves of one %s',
  (_e, model) => {
    const base = () => fillPath(modelPath(model), { tenantId: TENANT_A })
    /** A text field every editor writes its own value into. */
    const field = model.fields.find(
      (f) =>
        f.type === 'text' || (f.type === 'string' && f.updatable !== false && !f.pattern && !f.lookupCode),
    )!
    let seq = 0
    const fresh = async (): Promise<Row> => {
      const created = await injectAs(
        app,
        tokens[0]!,
        'POST',
        base(),
        await validRow(app, model, TENANT_A, 500 + ++seq),
      )
      expect(created.statusCode, created.body).toBe(201)
      return created.json()
    }
    const reread = async (row: Row) =>
      (await injectAs(app, tokens[0]!, 'GET', `${base()}/${String(row[model.primaryKey])}`)).json<Row>()

    it('lets exactly one of several updates at the same version win; the others get 409 and a message', async () => {
      for (let round = 0; round < 5; round++) {
        const row = await fresh()
        const answers = await Promise.all(
          tokens.map((token, i) =>
            injectAs(app, token, 'PUT', base(), { ...row, [field.name]: `editor ${i}` }),
          ),
        )
        const winners = answers.filter((answer) => answer.statusCode === 200)
        const losers = answers.filter((answer) => answer.statusCode !== 200)
        expect(winners).toHaveLength(1)
        for (const loser of losers) {
          expect(loser.statusCode).toBe(409)
          expect(loser.json()).toMatchObject({
            failed: true,
            code: 'error.object_version_changed',
            message: expect.stringMatching(
              /changed by someone else .* reload it and apply your change again/,
            ),
          })
        }
        // Nothing lost: the stored row is the winner's, one version on, and the losers can still apply theirs.
        const stored = await reread(row)
        expect(stored).toEqual(winners[0]!.json())
        expect(stored.objectVersionNumber).toBe(Number(row.objectVersionNumber) + 1)
        const retry = await injectAs(app, tokens[1]!, 'PUT', base(), { ...stored, [field.name]: 'retried' })
        expect(retry.statusCode, retry.body).toBe(200)
        expect((await reread(row))[field.name]).toBe('retried')
      }
    })

    it('lets exactly one of an update and a delete at the same version win, through batch-save too', async () => {
      for (const via of ['direct', 'batch'] as const) {
        const row = await fresh()
        const key = {
          [model.primaryKey]: row[model.primaryKey],
          objectVersionNumber: row.objectVersionNumber,
        }
        const [update, remove] = await Promise.all([
          via === 'direct'
            ? injectAs(app, tokens[0]!, 'PUT', base(), { ...row, [field.name]: 'kept?' })
            : injectAs(app, tokens[0]!, 'POST', `${base()}/batch-save`, [
                { ...row, [field.name]: 'kept?', _status: 'update' },
              ]),
          via === 'direct'
            ? injectAs(app, tokens[1]!, 'DELETE', base(), key)
            : injectAs(app, tokens[1]!, 'POST', `${base()}/batch-save`, [{ ...key, _status: 'delete' }]),
        ])
        const statuses = [update.statusCode, remove.statusCode].sort()
        expect(
          statuses.filter((status) => status === 409 || status === 404),
          `${update.body} ${remove.body}`,
        ).toHaveLength(1)
        const stored = await injectAs(app, tokens[0]!, 'GET', `${base()}/${String(row[model.primaryKey])}`)
        if (update.statusCode === 200) expect(stored.json()[field.name]).toBe('kept?')
        else expect(stored.statusCode).toBe(404)
      }
    })
  },
)
