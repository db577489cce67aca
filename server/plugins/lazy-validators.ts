/**
 * Route validators compiled on first use instead of at start. The app declares ~2,000 request schemas (every
 * model's list, create, update, delete and batch-save bodies); compiling them all with Ajv took about 10 s of
 * CPU at every start (bench measure 8), while a running server uses a fraction of them. Each route's
 * validator is now compiled by Fastify's own compiler (@fastify/ajv-compiler, the same Ajv options) the first
 * time a request reaches it, then kept: same validation, same messages, same coercion and defaults. Response
 * serializers (fast-json-stringify) are compiled on the first answer the same way.
 */
import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'

type Validator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown }
type BuildValidator = (externalSchemas: unknown, options: unknown) => (route: unknown) => Validator

// Fastify's own validator compiler, resolved from Fastify itself (the one it uses by default).
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'))
const fastifyAjvCompiler = requireFromFastify('@fastify/ajv-compiler') as () => BuildValidator
// Its serializer compiler (fast-json-stringify), resolved the same way.
const fastifySerializerCompiler = requireFromFastify(
  '@fastify/fast-json-stringify-compiler',
) as () => BuildSerializer

type Serializer = (data: unknown) => string
type BuildSerializer = (externalSchemas: unknown, options: unknown) => (route: unknown) => Serializer

/**
 * The `schemaController.compilersFactory` option: Fastify's default validator compiler, made lazy. The wrapper
 * forwards Ajv's `errors` (Fastify reads them after a failed call) and declares `schemaEnv`, so Fastify passes
 * the parent data Ajv needs to coerce a root value (a single object sent where an array is expected).
 */
export function lazyValidators(): NonNullable<FastifyServerOptions['schemaController']> {
  const defaultBuild = fastifyAjvCompiler()
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    const compile = defaultBuild(externalSchemas, options)
    return (route) => {
      let compiled: Validator | undefined
      const validate: Validator = (data, context) => {
        compiled ??= compile(route)
        const result = compiled(data, context)
        validate.errors = compiled.errors
        return result
      }
      validate.schemaEnv = true
      return validate
    }
  }
  // Response serializers alike: every route declares its answer (tests/server/route-responses.test.ts), and
  // fast-json-stringify compiling ~2,000 of them at start would cost what the validators did.
  const defaultSerializerBuild = fastifySerializerCompiler()
  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    const compile = defaultSerializerBuild(externalSchemas, options)
    return (route) => {
      let compiled: Serializer | undefined
      return (data) => (compiled ??= compile(route))(data)
    }
  }
  return { compilersFactory: { buildValidator, buildSerializer } } as NonNullable<
    FastifyServerOptions['schemaController']
  >
}
