/**
 * npm run routes:coverage [-- module …]: the routes of schemas/routes.tsv still without a page file or a menu
 * entry (rules in scripts/lib/route-coverage.ts). Exit 1 when any is missing.
 */
import { resolve } from 'node:path'
import { routeGaps } from './lib/route-coverage.ts'

const root = resolve(import.meta.dirname, '..')
const modules = process.argv.slice(2)
const gaps = routeGaps(root, modules)
for (const gap of gaps)
  console.log(`${gap.route.module}\t${gap.route.path}\tmissing ${gap.missing.join(' and ')}`)
console.log(
  `${gaps.length} route(s) of ${modules.length ? modules.join(', ') : 'every module'} missing a page or a menu entry`,
)
process.exitCode = gaps.length ? 1 : 0
