import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { badRequest } from '../errors.ts'
import { shared } from './shared.ts'

/** Where in a value (a JSON-pointer-like path) the first leaf or key matching `bad` is, if any. */
export function findBad(value: unknown, root: string, bad: (leaf: unknown) => boolean): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]]
  while (stack.length) {
    const [current, path] = stack.pop()!
    if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (bad(key)) return `${path}/${key}`
        stack.push([child, `${path}/${key}`])
      }
    } else if (bad(current)) return path
  }
  return undefined
}

const hasNul = (leaf: unknown) => typeof leaf === 'string' && leaf.includes('\u0000')
const notFinite = (leaf: unknown) => typeof leaf === 'number' && !Number.isFinite(leaf)
const inRequest = (request: FastifyRequest, bad: (leaf: unknown) => boolean) =>
  findBad(request.params, 'path', bad) ??
  findBad(request.query, 'query', bad) ??
  findBad(request.body, 'body', bad)

/**
 * Input PostgreSQL cannot take, refused with a 400 before any handler runs (each was a 500 the fuzzer found):
 * text with the NUL character (checked before validation), and numbers too large to be finite — JSON.parse
 * and Ajv's type coercion turn 1e309 into Infinity, which passes Ajv's bounds (checked after validation).
 */
export const inputGuards: FastifyPluginAsync = shared({ name: 'input-guards' }, async (app) => {
  app.addHook('preValidation', async (request) => {
    const where = inRequest(request, hasNul)
    if (where) {
      throw badRequest(`Text may not contain the NUL character (U+0000) (at ${where}): remove it.`, {
        [where]: 'contains the NUL character (U+0000)',
      })
    }
  })
  app.addHook('preHandler', async (request) => {
    const where = inRequest(request, notFinite)
    if (where) {
      throw badRequest(
        `The number at ${where} is too large: send a finite number within the field's range.`,
        {
          [where]: 'number too large',
        },
      )
    }
  })
})
