/**
 * Page files write route patterns as `/x/detail/{id}` (routes.tsv style); react-router writes `/x/detail/:id`.
 */

/** `/x/detail/{id}` → `/x/detail/:id` */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/\{([^}/]+)\}/g, ':$1')
}

/** Matches a concrete path against a pattern; the `{param}` values, or undefined when it does not match. */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const names: string[] = []
  const source = pattern
    .split(/(\{[^}/]+\})/)
    .map((part) => {
      const param = /^\{([^}/]+)\}$/.exec(part)
      if (param?.[1]) {
        names.push(param[1])
        return '([^/]+)'
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    })
    .join('')
  const found = new RegExp(`^${source}/?$`).exec(path)
  if (!found) return undefined
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]))
}

/** A menu route without its query string or trailing slash. */
export function routePath(route: string): string {
  const path = route.split(/[?#]/)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}
