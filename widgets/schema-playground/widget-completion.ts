/**
 * The page JSON Schema the playground's editor completes from, with the registered widget names as the choices
 * of every `widget` (the generated schema only gives their pattern, since widgets are registered at run time),
 * so typing `"widget": "` offers Input, Lov, … and an unknown name is flagged as the page check flags it.
 */
type Json = Record<string, unknown>

/** A copy of `schema` whose `$defs.WidgetName` lists `names` (sorted) as its enum. */
export function withWidgetNames<T extends object>(schema: T, names: readonly string[]): T {
  const copy = structuredClone(schema) as T & { $defs?: Record<string, Json> }
  const name = copy.$defs?.WidgetName
  if (name) copy.$defs!.WidgetName = { ...name, enum: [...names].sort() }
  return copy
}
