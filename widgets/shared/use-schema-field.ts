/**
 * Formily's SchemaField bound to the registry's components. Every component a compiled schema names is looked
 * up first, so an unknown one fails loudly (Formily would render an unknown tag silently).
 */
import type { ISchema } from '@formily/json-schema'
import { createSchemaField } from '@formily/react'
import { componentNames, useRegistry, type WidgetRegistry } from '../../renderer/index'

const build = (registry: WidgetRegistry) =>
  createSchemaField({ components: registry.components('field', 'decorator', 'part') })
type SchemaField = ReturnType<typeof build>
const byRegistry = new WeakMap<WidgetRegistry, SchemaField>()

export function useSchemaField(schema: ISchema): SchemaField {
  const registry = useRegistry()
  for (const name of componentNames(schema)) registry.get(name)
  const known = byRegistry.get(registry)
  if (known) return known
  const SchemaField = build(registry)
  byRegistry.set(registry, SchemaField)
  return SchemaField
}
