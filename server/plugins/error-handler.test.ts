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
})
