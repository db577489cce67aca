import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.ts'
import { errorHandler } from './error-handler.ts'

async function appThrowing(error: unknown) {
  const logged: unknown[] = []
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  })
  await app.register(errorHandler)
  app.get('/boom', async () => {
    throw error
  })
  await app.ready()
  return { app, logged }
}

describe('error handler', () => {
  it('answers an unexpected error with 500, a generic message and the request id, and logs it', async () => {
    const { app, logged } = await appThrowing(new Error('password=secret in SQL at db.ts:12'))
    const response = await app.inject({ url: '/boom', headers: { 'request-id': 'x' } })
    expect(response.statusCode).toBe(500)
    const body = response.json()
    expect(body).toMatchObject({ failed: true, code: 'error.internal', type: 'error' })
    expect(body.message).toContain(body.requestId)
    expect(response.body).not.toContain('secret')
    expect(logged).toHaveLength(1)
    await app.close()
  })

  it('answers an AppError with its status, code and fields', async () => {
    const { app } = await appThrowing(
      new AppError(409, 'error.duplicate', 'Code A already exists', { code: 'taken' }),
    )
    const response = await app.inject({ url: '/boom' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'error.duplicate',
      message: 'Code A already exists',
      fields: { code: 'taken' },
    })
    await app.close()
  })

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'a wrapped connect timeout',
      new Error('Query failed', { cause: new Error('timeout exceeded when trying to connect') }),
    ],
  ])('answers %s with 503 "the database cannot be reached"', async (_, error) => {
    const { app } = await appThrowing(error)
    const response = await app.inject({ url: '/boom' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      failed: true,
      code: 'error.database_unavailable',
      message: 'The database cannot be reached, try again shortly.',
    })
    await app.close()
  })

  it('keeps a real SQL error a 500 (the database answered)', async () => {
    const { app } = await appThrowing(
      Object.assign(new Error('syntax error at or near "form"'), { code: '42601' }),
    )
    const response = await app.inject({ url: '/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ code: 'error.internal' })
    await app.close()
  })
})
