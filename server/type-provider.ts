/**
 * Handlers typed from their route's TypeBox schemas (issue 20, "use the TypeBox type provider"): in a plugin
 * declared as `TypedPlugin`, `request.params`, `request.query` and `request.body` have the static type of the
 * schema the route validates them with, and a handler's answer is checked against its response schema, so a
 * handler no longer casts what Fastify already checked (and a cast can no longer disagree with the schema).
 *
 * This is what `@fastify/type-provider-typebox` provides, written against Fastify's own type provider
 * interface because that package is not a dependency of the project (types only: nothing runs here).
 */
import type { Static, TSchema } from '@sinclair/typebox'
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'

/** Fastify's type provider for TypeBox schemas: a schema's static type, `unknown` for a plain JSON schema. */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown
}

/** A plugin whose routes are typed from their TypeBox schemas (FastifyPluginAsyncTypebox). */
export type TypedPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  TypeBoxProvider
>

/** The app, typed from TypeBox schemas (what `app.withTypeProvider<TypeBoxProvider>()` answers). */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  TypeBoxProvider
>
