/** Paging and small shared checks of the identity administration routes. */
import { Type } from '@sinclair/typebox'
import { Paging, TenantParams } from '../../schemas.ts'
import type { Texts } from '../../db/schema.ts'
import type { Language } from '../../../renderer/contract/wire.ts'
import { badRequest } from '../../errors.ts'

export const PageQuery = {
  ...Paging,
  sort: Type.Optional(Type.String({ maxLength: 60 })),
}
export { TenantParams }

export { pageOf, slicePage } from '../../paging.ts'

export { contains } from '../../like.ts'

export const textIn = (names: Texts | string, language: Language): string => {
  const parsed = (typeof names === 'string' ? JSON.parse(names) : names) as Texts
  return parsed[language] ?? parsed.zh_CN ?? Object.values(parsed)[0] ?? ''
}

/** `2026-11-21 09:30:00` in UTC, the text the tables show for epoch-millisecond columns. */
export const dateTimeText = (ms: number | null | undefined) =>
  ms ? new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ') : null

/** A numeric id of the path (`/roles/{roleId}/...`), 400 when it is not one. */
export function idParam(params: unknown, name: string): number {
  const value = Number((params as Record<string, unknown>)[name])
  if (!Number.isSafeInteger(value) || value < 1)
    throw badRequest(
      `${name} in the path must be a positive whole number: use the id of a row from the list.`,
      { [name]: 'not an id' },
    )
  return value
}
