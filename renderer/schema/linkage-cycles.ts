/**
 * Linkage that makes a form impossible to fill: field A is shown (or enabled) only once B has a value, and B only
 * once A has one. Every check of each condition passes, yet both start empty and neither can ever be typed in.
 * Found as a cycle in the graph "A cannot be filled while B is empty" over each block's fields.
 */
import type { IssueDraft } from './issue'
import { pointerSegment } from './issue'
import { walkJson } from './walk'

interface Cond {
  field?: string
  op?: string
  value?: unknown
  all?: Cond[]
  any?: Cond[]
}
type Field = { linkage?: Record<string, Cond | undefined>; required?: unknown; defaultValue?: unknown }

/** Ops that are false whenever the field is empty (so the condition needs a value there). */
const NEEDS_VALUE = new Set(['notEmpty', 'in', 'gt', 'gte', 'lt', 'lte'])

const intersect = (sets: Set<string>[]) =>
  sets.reduce((a, b) => new Set([...a].filter((x) => b.has(x))), sets[0] ?? new Set<string>())

/** Fields that must have a value for `c` to hold. */
function needed(c: Cond): Set<string> {
  if (c.all) return new Set(c.all.flatMap((inner) => [...needed(inner)]))
  if (c.any) return intersect(c.any.map(needed))
  if (!c.field) return new Set()
  const needs = NEEDS_VALUE.has(c.op ?? '') || (c.op === 'eq' && c.value !== null && c.value !== '')
  return needs ? new Set([c.field]) : new Set()
}

/** Fields whose being empty makes `c` hold. */
function heldByEmpty(c: Cond): Set<string> {
  if (c.any) return new Set(c.any.flatMap((inner) => [...heldByEmpty(inner)]))
  if (c.all) return intersect(c.all.map(heldByEmpty))
  if (!c.field) return new Set()
  const holds =
    c.op === 'empty' ||
    (c.op === 'eq' && (c.value === null || c.value === '')) ||
    (c.op === 'ne' && c.value !== null && c.value !== '') ||
    c.op === 'notIn'
  return holds ? new Set([c.field]) : new Set()
}

/** Fields that must have a value before `field` can be typed in (shown and not disabled / read-only). */
function blockers(field: Field): Set<string> {
  const linkage = field.linkage ?? {}
  const found = new Set<string>()
  if (linkage.visibleWhen) needed(linkage.visibleWhen).forEach((f) => found.add(f))
  for (const rule of ['disabledWhen', 'readOnlyWhen'])
    if (linkage[rule]) heldByEmpty(linkage[rule]).forEach((f) => found.add(f))
  return found
}

/** Cycles among the fields of one block (`base` is the pointer of its `fields` object). */
function blockCycles(fields: Record<string, Field>, base: string): IssueDraft[] {
  const edges = new Map(Object.entries(fields).map(([name, field]) => [name, blockers(field)]))
  // A field with a default starts filled, which breaks any cycle through it.
  for (const [name, field] of Object.entries(fields))
    if (field.defaultValue !== undefined) edges.set(name, new Set())
  const issues: IssueDraft[] = []
  const reported = new Set<string>()
  for (const start of edges.keys()) {
    if (reported.has(start)) continue
    const cycle = findCycle(start, edges)
    if (!cycle) continue
    cycle.forEach((name) => reported.add(name))
    const required = cycle.filter((name) => fields[name]?.required === true)
    const path = [...cycle, cycle[0]].map((name) => `'${name}'`).join(' → ')
    issues.push({
      pointer: `${base}/${pointerSegment(cycle[0] ?? '')}/linkage`,
      message:
        cycle.length === 1
          ? `'${cycle[0]}' can be filled only once it has a value: it never can`
          : `${path}: each of these fields can be filled only once the next one has a value, so none of them ever can` +
            (required.length ? ` (and ${required.join(', ')} is required: the form can never be saved)` : ''),
      suggestion:
        'make one of them depend on a field outside this cycle, give one a "defaultValue", or drop one of the conditions',
    })
  }
  return issues
}

/** A cycle through `start` (names in order), or undefined. */
function findCycle(start: string, edges: Map<string, Set<string>>): string[] | undefined {
  const path: string[] = []
  const seen = new Set<string>()
  const visit = (name: string): boolean => {
    if (name === start && path.length) return true
    if (seen.has(name)) return false
    seen.add(name)
    path.push(name)
    for (const next of edges.get(name) ?? []) if (visit(next)) return true
    path.pop()
    return false
  }
  return visit(start) ? path : undefined
}

/** Every block of the page (the page, its details, action dialogs): its linkage cycles. */
export function linkageCycleIssues(page: unknown): IssueDraft[] {
  const issues: IssueDraft[] = []
  walkJson(page, (value, pointer, key) => {
    if (key !== 'fields' || typeof value !== 'object' || value === null || Array.isArray(value)) return
    const fields = value as Record<string, unknown>
    if (!Object.values(fields).every((f) => typeof f === 'object' && f !== null && !Array.isArray(f))) return
    issues.push(...blockCycles(fields as Record<string, Field>, pointer))
    return 'skip'
  })
  return issues
}
