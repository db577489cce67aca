/**
 * Page discovery. The eager glob reads only each file's `route` (a named JSON export), so the route index
 * costs a few bytes; a page's whole JSON loads on navigation through the lazy glob.
 */
import { normaliseFile, type PageIndex } from './route-table'

const routes = import.meta.glob<string>('/schemas/pages/**/*.page.json', {
  import: 'route',
  eager: true,
})
const loaders = import.meta.glob<unknown>('/schemas/pages/**/*.page.json', { import: 'default' })

/** Page file (`schemas/pages/…`) → route pattern, for every page file in the build. */
export const pageIndex: PageIndex = Object.fromEntries(
  Object.entries(routes)
    .filter(([, route]) => typeof route === 'string')
    .map(([file, route]) => [normaliseFile(file), route]),
)

/** Loads a page file's JSON; rejects with a message naming the file when the build does not hold it. */
export async function loadPageFile(file: string): Promise<unknown> {
  const load = loaders[`/${normaliseFile(file)}`]
  if (!load) throw new Error(`${file}: no such page file in this build (add it under schemas/pages/).`)
  return load()
}
