/** Formily's ArrayTable adds this to every row of form values; it must never reach the server. */
const FORMILY_INDEX = '__DO_NOT_USE_THIS_PROPERTY_index__'

export function stripArrayIndex<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripArrayIndex) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== FORMILY_INDEX)
      .map(([key, v]) => [key, stripArrayIndex(v)]),
  ) as T
}
