/**
 * Measure 1's page, built WITH the app (`BENCH_APP=1 vite build`, see vite.config.ts), so the schema case loads the
 * app's own chunks. Both cases render as pages of the app, in its providers (Shell.tsx: AppRoot, session, router
 * outlet): `?case=list-schema` the list page through the app's SchemaPageHost, lazily imported as the app's router
 * does; `?case=list-hand` the same page written by hand with antd. Each case loads only its own chunks; the data are
 * answered in-process, at once, for both.
 */
import { createRoot } from 'react-dom/client'

const cases: Record<string, () => Promise<{ default: () => JSX.Element }>> = {
  'list-schema': () => import('./ListSchemaApp'),
  'list-hand': () => import('./ListHandApp'),
}

const name = new URLSearchParams(location.search).get('case') ?? ''
const load = cases[name]
if (!load) throw new Error(`unknown bench case '${name}': one of ${Object.keys(cases).join(', ')}`)
void load().then(({ default: Case }) => createRoot(document.getElementById('root')!).render(<Case />))
