/**
 * Paths that open without signing in: /public and anything under /public/, plus the core error pages.
 * /pub/logistics-screen is not public: it needs a login (but no menu permission).
 */
const PUBLIC_ERROR_PAGES = new Set(['/exception/403', '/exception/404', '/exception/500', '/exception/501'])

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return path === '/public' || path.startsWith('/public/') || PUBLIC_ERROR_PAGES.has(path)
}
