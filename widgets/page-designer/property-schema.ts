/**
 * The properties the page language allows on a designer element, read from schemas/page.schema.json (the JSON
 * Schema generated from the TypeBox sources): name, description, required, and the control that edits it.
 * Pure, so the property panel is driven by the language and never lists properties by hand.
 */

export type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  description?: string
  minimum?: number
  maximum?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  $defs?: Record<string, JsonSchema>
}

export type PropertyControl =
  | { kind: 'choice'; options: unknown[] }
  | { kind: 'boolean' }
  | { kind: 'number'; integer: boolean; min?: number; max?: number }
  | { kind: 'text' }
  | { kind: 'json' }

export interface PropertyInfo {
  name: string
  description?: string
  required: boolean
  control: PropertyControl
}

/** Follows a local `$ref` (#/$defs/X); the outer description wins, as editors show it. */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace(/^#\/\$defs\//, '')
  const target = root.$defs?.[name] ?? {}
  return { ...resolve(target, root), ...(schema.description ? { description: schema.description } : {}) }
}

function controlOf(schema: JsonSchema): PropertyControl {
  if (schema.enum) return { kind: 'choice', options: schema.enum }
  if (schema.const !== undefined) return { kind: 'choice', options: [schema.const] }
  if (schema.anyOf?.every((branch) => branch.const !== undefined || branch.enum))
    return { kind: 'choice', options: schema.anyOf.flatMap((b) => b.enum ?? [b.const]) }
  if (schema.type === 'boolean') return { kind: 'boolean' }
  if (schema.type === 'integer' || schema.type === 'number')
    return {
      kind: 'number',
      integer: schema.type === 'integer',
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
    }
  if (schema.type === 'string') return { kind: 'text' }
  return { kind: 'json' }
}

/**
 * Every property of the definition `name` of the page schema, required ones first, each with its control. A
 * definition that is one of several shapes told apart by a property (an action's `type`) gives the properties of
 * the shape `value` has.
 */
export function propertiesOf(root: JsonSchema, name: string, value?: unknown): PropertyInfo[] {
  // a tab has no definition of its own: it is the item of a tabs page's `tabs`
  const tabs = root.$defs?.TabsPage?.properties?.tabs as { items?: JsonSchema } | undefined
  const named = name === 'Tab' ? tabs?.items : root.$defs?.[name]
  const definition = branchOf(named, value)
  if (!definition?.properties) return []
  const required = new Set(definition.required ?? [])
  return Object.entries(definition.properties)
    .map(([property, schema]) => {
      const resolved = resolve(schema, root)
      return {
        name: property,
        ...(resolved.description ? { description: resolved.description } : {}),
        required: required.has(property),
        control: controlOf(resolved),
      }
    })
    .sort((a, b) => Number(b.required) - Number(a.required))
}

/** The shape of a one-of definition (`discriminator` + `oneOf`, as an action's) that `value` has. */
function branchOf(definition: JsonSchema | undefined, value: unknown): JsonSchema | undefined {
  const { oneOf, discriminator } = (definition ?? {}) as {
    oneOf?: JsonSchema[]
    discriminator?: { propertyName: string }
  }
  const by = discriminator?.propertyName
  if (!oneOf || !by) return definition
  const chosen =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[by] : undefined
  return oneOf.find((branch) => branch.properties?.[by]?.const === chosen) ?? oneOf[0]
}
