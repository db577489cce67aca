/**
 * `npx tsx scripts/bundle-budget.ts [dir]`: the JavaScript to sign in and draw /workplace in the built app
 * (default dist/app), file by file, gzip, against its budget (bench/README.md, measure 5). Exit 1 when over.
 * Deterministic: it reads the build (scripts/lib/sign-in-bundle.ts), no browser, no server.
 */
import { signInBundle, SIGN_IN_BUDGET_KB } from './lib/sign-in-bundle.ts'

const bundle = signInBundle(process.argv[2] ?? 'dist/app')
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7)
for (const { file, gzip } of bundle.files) console.log(`${kb(gzip)} KB  ${file}`)
const over = bundle.totalKb > SIGN_IN_BUDGET_KB
console.log(
  `${bundle.totalKb.toFixed(1)} KB gzip in ${bundle.files.length} files to sign in and reach /workplace ` +
    `(sign-in page alone: ${kb(bundle.entry.reduce((sum, f) => sum + f.gzip, 0)).trim()} KB); ` +
    `budget ${SIGN_IN_BUDGET_KB} KB: ${over ? 'OVER' : 'ok'}`,
)
process.exitCode = over ? 1 : 0
