/**
 * The JSON Schema node that applies at an instance path, following properties, items, additional and pattern
 * properties, `$ref`s into `$defs`, discriminated `oneOf`s (by the data's tag) and `if`/`then`/`else` chosen by
 * the data's properties (a row action naming a transition). Lets error messages name the
 * allowed properties and descriptions without ajv's verbose mode (unavailable in precompiled validators).
 */
type Node = Record<string, unknown>

const segments = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))

/** The value at a JSON pointer. */
export function dataAt(data: unknown, pointer: string): unknown {
  let current = data
  for (const key of segments(pointer)) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

export function schemaAt(root: Node, start: Node, data: unknown, pointer: string): Node | undefined {
  const resolve = (node: Node | undefined, value: unknown): Node | undefined => {
    let current = node
    while (current && typeof current.$ref === 'string') {
      current = dataAt(root, String(current.$ref).slice(1)) as Node | undefined
    }
    const discriminator = current?.discriminator as { propertyName: string } | undefined
    if (current && discriminator && Array.isArray(current.oneOf)) {
      const tag = (value as Record<string, unknown> | undefined)?.[discriminator.propertyName]
      const branch = (current.oneOf as Node[]).find(
        (b) =>
          (b.properties as Record<string, { const?: unknown }> | undefined)?.[discriminator.propertyName]
            ?.const === tag,
      )
      if (branch) return resolve(branch, value)
    }
    const when = current?.if as { required?: string[] } | undefined
    if (current && when?.required && (current.then || current.else)) {
      const has = when.required.every((k) => typeof value === 'object' && value !== null && k in value)
      return resolve((has ? current.then : current.else) as Node | undefined, value)
    }
    return current
  }
  let node = resolve(start, data)
  let value = data
  for (const key of segments(pointer)) {
    value = (value as Record<string, unknown> | undefined)?.[key]
    if (!node) return undefined
    const properties = node.properties as Record<string, Node> | undefined
    const patterns = node.patternProperties as Record<string, Node> | undefined
    const next =
      properties?.[key] ??
      (patterns ? Object.entries(patterns).find(([p]) => new RegExp(p).test(key))?.[1] : undefined) ??
      (node.items as Node | undefined) ??
      (typeof node.additionalProperties === 'object' ? (node.additionalProperties as Node) : undefined)
    node = resolve(next, value)
  }
  return node
}
