/**
 * The record a form or master-detail page opens: the route param named `idParam` (`/x/detail/{id}`), else the
 * query parameter of that name (`/x/detail?id=3`, for the spec's sub-routes without a param); undefined → create.
 */
export function recordId(
  idParam: string | undefined,
  params: Record<string, string>,
  search?: URLSearchParams,
): string | undefined {
  if (!idParam) return undefined
  return params[idParam] || search?.get(idParam) || undefined
}

/** Where a page shows a record it just created: the id in the route when the route has the param, else in the query. */
export function recordPath(
  route: string,
  idParam: string,
  id: string,
  fill: (route: string) => string,
): string {
  return route.includes(`{${idParam}}`) ? fill(route) : `${fill(route)}?${idParam}=${encodeURIComponent(id)}`
}
