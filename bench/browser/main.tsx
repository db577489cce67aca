/**
 * The browser benchmark app: `?case=<name>` renders one case (bench/browser/cases) and publishes its figures on
 * `window.__bench` for bench/run.ts to read. Each case loads only its own chunk, as a page of the app would.
 */
import { createRoot } from 'react-dom/client'

declare global {
  interface Window {
    __bench?: Record<string, number | string>
  }
}

const cases: Record<string, () => Promise<{ default: () => JSX.Element }>> = {
  'list-schema': () => import('./cases/ListSchema'),
  'list-hand': () => import('./cases/ListHand'),
  'form-schema': () => import('./cases/FormSchema'),
  'form-hand': () => import('./cases/FormHand'),
  'input-floor': () => import('./cases/InputFloor'),
  'table-schema': () => import('./cases/TableSchema'),
  'table-antd': () => import('./cases/TableAntd'),
}

const name = new URLSearchParams(location.search).get('case') ?? ''
const load = cases[name]
if (!load) throw new Error(`unknown bench case '${name}': one of ${Object.keys(cases).join(', ')}`)
void load().then(({ default: Case }) => createRoot(document.getElementById('root')!).render(<Case />))
