/**
 * Runs ajv against the generated page schema for one page kind and turns its errors into messages a person
 * can act on: unknown properties and enum values get the nearest allowed name, missing properties say what
 * they are for, unknown action types are named.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import * as generated from './generated/page-validators'
import { PAGE_KINDS, pageJsonSchema, type PageKind } from './page'
import { pointerSegment, type IssueDraft } from './issue'
import { dataAt, schemaAt } from './schema-at'
import { suggestName } from './suggest'

// Precompiled by `npm run schemas:generate` (ajv standalone): no code generation at run time, so pages
// validate under the browser's Content Security Policy (no eval).
const validators = generated as unknown as Record<string, ValidateFunction>
let root: Record<string, unknown> | undefined

/** Schema errors of `page` against its kind's definition (the kind itself is checked by the caller). */
export function ajvIssues(page: unknown, kind: PageKind): IssueDraft[] {
  const defName = PAGE_KINDS[kind]
  const validate = validators[defName]
  if (!validate) throw new Error(`no validator for '${defName}': run npm run schemas:generate`)
  if (validate(page)) return []
  root ??= pageJsonSchema()
  const start = (root.$defs as Record<string, Record<string, unknown>>)[defName] ?? {}
  const context = { root, start, page }
  // A discriminated union reports its chosen branch's errors; a failing `oneOf` adds only noise.
  return dedupe(
    (validate.errors ?? [])
      .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
      .map((e) => describe(e, context)),
  )
}

function dedupe(issues: IssueDraft[]): IssueDraft[] {
  const seen = new Set<string>()
  return issues.filter((i) => {
    const key = `${i.pointer}|${i.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const show = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value))
const describedAs = (schema: unknown) => {
  const description = (schema as { description?: string } | undefined)?.description
  return description ? ` — ${description}` : ''
}
const ownName = (pointer: string) => pointer.slice(pointer.lastIndexOf('/') + 1) || 'the page'

interface Context {
  root: Record<string, unknown>
  start: Record<string, unknown>
  page: unknown
}

function describe(error: ErrorObject, { root, start, page }: Context): IssueDraft {
  const at = error.instancePath
  const params = error.params as Record<string, unknown>
  // The node that failed (ajv's verbose parentSchema / data, recovered from the instance path).
  const parent = schemaAt(root, start, page, at)
  error.data = dataAt(page, at)
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty)
      const allowed = Object.keys((parent?.properties as object | undefined) ?? {})
      return {
        pointer: `${at}/${pointerSegment(name)}`,
        message: allowed.length ? `unknown property '${name}'` : `'${name}' is not a valid key here`,
        suggestion: allowed.length
          ? suggestName(name, allowed, 'allowed properties')
          : describedAs(parent).slice(3),
      }
    }
    case 'required': {
      const name = String(params.missingProperty)
      const property = (parent?.properties as Record<string, unknown> | undefined)?.[name]
      return {
        pointer: at,
        message: `missing required property '${name}'${describedAs(property)}`,
        suggestion: `add "${name}" to ${at || 'the page'}`,
      }
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String)
      return {
        pointer: at,
        message: `${show(error.data)} is not allowed for ${ownName(at)}`,
        suggestion: suggestName(String(error.data), allowed, 'allowed values'),
      }
    }
    case 'const':
      return { pointer: at, message: `${ownName(at)} must be ${show(params.allowedValue)}` }
    case 'discriminator': {
      if (params.error === 'tag' && error.data !== undefined && typeof error.data === 'object') {
        return { pointer: at, message: `missing 'type'${describedAs(parent)}`, suggestion: 'add "type"' }
      }
      const tag = String(params.tag)
      const value = (error.data as Record<string, unknown> | null)?.[tag]
      const types = ((parent?.oneOf as { properties: Record<string, { const: string }> }[]) ?? []).map(
        (branch) => branch.properties?.[tag]?.const ?? '',
      )
      return {
        pointer: `${at}/${tag}`,
        message: `unknown ${tag} ${show(value)}`,
        suggestion: suggestName(String(value), types, `allowed ${tag}s`),
      }
    }
    case 'pattern':
      return {
        pointer: at,
        message: `${show(error.data)} is not a valid ${ownName(at)}${describedAs(parent)}`,
        suggestion: `write it to match ${String(params.pattern)}`,
      }
    case 'type':
      return {
        pointer: at,
        message: `${ownName(at)} must be ${String(params.type)}, not ${show(error.data)}`,
      }
    default:
      return { pointer: at, message: `${ownName(at)} ${error.message ?? 'is invalid'}` }
  }
}
