/**
 * Page discovery. The eager glob reads only each file's `route` (a named JSON export), so the route index
 * costs a few bytes; a page's whole JSON loads on navigation through the lazy glob.
 */
import { normaliseFile, type PageIndex } from './route-table'

const routes = import.meta.glob<string>('/schemas/pages/**/*.page.json', {
  import: 'route',
  eager: true,
})
// Raw text, parsed here: the renderer then reports schema errors at exact line:column of the file.
const loaders = import.meta.glob<string>('/schemas/pages/**/*.page.json', {
  query: '?raw',
  import: 'default',
})

/** Page file (`schemas/pages/…`) → route pattern, for every page file in the build. */
export const pageIndex: PageIndex = Object.fromEntries(
  Object.entries(routes)
    .filter(([, route]) => typeof route === 'string')
    .map(([file, route]) => [normaliseFile(file), route]),
)

export interface LoadedPage {
  page: unknown
  source: string
}

/** Loads and parses a page file; rejects with a message naming the file and what is wrong with it. */
export async function loadPageFile(file: string): Promise<LoadedPage> {
  const load = loaders[`/${normaliseFile(file)}`]
  if (!load) throw new Error(`${file}: no such page file in this build (add it under schemas/pages/).`)
  const source = await load()
  try {
    return { page: JSON.parse(source) as unknown, source }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${file}: not valid JSON (${reason}); run npm run schemas:check to see where.`)
  }
}
