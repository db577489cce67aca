/**
 * Response schemas shared by the routes (issue 20, "response schemas on every route"): what a route answers on
 * success, so the OpenAPI document describes answers, not only requests. `tests/server/route-responses.test.ts`
 * walks `app.routeTable` and fails on a route without one.
 *
 * Fastify serializes an answer with its schema (fast-json-stringify), which drops the properties a schema does
 * not declare unless `additionalProperties` is true, coerces a declared value to its declared type and throws
 * on a missing `required` one. These envelopes therefore declare the wire contract's fields with the types they
 * always have (wire-contract.md: the Page), leave row fields untyped (a row's values are written as they are) and
 * keep every other property (`additionalProperties: true`): a schema documents the answer, it never takes a field
 * off the wire. Serializers are compiled on first use (plugins/lazy-validators.ts).
 */
import { Type, type TSchema } from '@sinclair/typebox'

/** An object answer whose properties are the data's (a row, a setting, a result): every property is kept. */
export const Obj = (description: string, properties: Record<string, TSchema> = {}) =>
  Type.Object(properties, { additionalProperties: true, description })

/** A list of objects. */
export const ObjList = (description: string, item: TSchema = Obj(description)) =>
  Type.Array(item, { description })

/**
 * The wire Page (server/paging.ts `pageOf`, renderer/contract/wire.ts): `content` and its counts, `number`
 * 0-based. Every list answers it.
 */
export const PageOf = (item: TSchema, description = 'One page of rows') =>
  Type.Object(
    {
      content: Type.Array(item),
      totalElements: Type.Integer({ minimum: 0 }),
      totalPages: Type.Integer({ minimum: 0 }),
      number: Type.Integer({ minimum: 0 }),
      size: Type.Integer({ minimum: 0 }),
      numberOfElements: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: true, description },
  )

/** 204: nothing is answered. */
export const NoContent = Type.Null({ description: 'No content' })

/** An answer of any JSON value: only where it is the data's own (a setting's value, a forwarded answer). */
export const AnyJson = (description: string) => Type.Unknown({ description })

/** A text answer (HTML page, plain text): not serialized by a schema, documented as a string. */
export const Text = (description: string) => Type.String({ description })

/** A file streamed in the response (a download, an export): documented as binary. */
export const FileBody = (description: string) => Type.String({ format: 'binary', description })

/** The `response` part of a route schema: the schema of its success status (200 unless given). */
export const answers = (schema: TSchema, status: 200 | 201 | 202 | 204 = 200) => ({ [status]: schema })

/** A value that may be null: the serializer then writes null instead of coercing it ("" or 0). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** A test of a configured connection that passed (a channel, a storage); a failure answers the error envelope. */
export const TestPassed = Type.Object(
  { success: Type.Literal(true), message: Type.String() },
  { description: 'The test passed: what was checked' },
)
