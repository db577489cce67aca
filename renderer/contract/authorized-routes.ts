/**
 * Routes reachable by any signed-in role whatever its menus (CORE-PERM-05, routes.tsv `authorized`): the
 * logistics screens (/ets/…) and the logistics big screen (/pub/logistics-screen). Their data calls are open
 * to every signed-in role too (the ets models guard writes, not reads; the server's read guard counts these
 * screens for every role, server/plugins/read-guards.ts); the error and /public pages are routed apart
 * (app-routes.tsx).
 */
export function isAuthorizedRoute(route: string): boolean {
  return route.startsWith('/ets/') || route === '/pub/logistics-screen'
}
