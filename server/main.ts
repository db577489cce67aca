import { formatIssue } from '../renderer/schema/issue.ts'
import { ModelBehaviourError } from './modules/models/behaviour-check.ts'
import { envFlag } from './config.ts'
import { formatProblem, ModelLoadError } from './modules/models/model-errors.ts'
import { ModelTableError } from './modules/models/model-table-apply.ts'
import { seedData } from './seed/data.ts'
import { startServer } from './start.ts'

/**
 * `npm start`: PORT, HOST, DATA_DIR, DATABASE_URL, MODELS_DIR, PAGES_DIR, LIVE_SCHEMAS from the environment; prints the
 * address, the users and any page file with problems (served with its error panel).
 */
const started = performance.now()
try {
  const server = await startServer({
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    modelsDir: process.env.MODELS_DIR || undefined,
    pagesDir: process.env.PAGES_DIR || undefined,
    // Live page files: LIVE_SCHEMAS=1|0; unset, on when run from the sources (npm run dev), off from the bundle.
    liveSchemas: envFlag(process.env.LIVE_SCHEMAS) ?? import.meta.url.endsWith('.ts'),
    logger: true,
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const tenants = new Map(seedData.tenants().map((tenant) => [tenant.id, tenant.tenantNum]))
  const roles = new Map(
    seedData.roles().map((role) => [role.id, `${role.code} (${tenants.get(role.tenantId)})`]),
  )
  const rows = seedData
    .users()
    .map((user) => [user.loginName, user.password, user.roleIds.map((id) => roles.get(id)).join(', ')])
  const widths = [0, 1, 2].map((i) =>
    Math.max(...[['login', 'password', 'role'], ...rows].map((row) => row[i]!.length)),
  )
  const line = (row: string[]) => `  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`
  const database = process.env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${process.env.DATA_DIR ?? './data'}/pg`
  console.log(
    [
      '',
      `WMS server ready at ${server.url} (${seconds} s${server.prepared.seeded ? ', new database seeded' : ''}; ${database})`,
      'Sign in with:',
      line(['login', 'password', 'role']),
      ...rows.map(line),
      '',
    ].join('\n'),
  )
  const { references } = server.prepared
  if (references.lookups.length || references.values?.length || references.lovViews.length)
    console.log(
      `Reference data of the files added to the database: ${[
        references.lookups.length ? `value sets ${references.lookups.join(', ')}` : '',
        references.values?.length ? `values ${references.values.join(', ')}` : '',
        references.lovViews.length ? `Lov views ${references.lovViews.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    )
  for (const model of server.badModels) {
    console.error(`Model refused (the server runs without it; its pages show why): ${model.file}`)
    for (const problem of model.problems) console.error(`  error: ${formatProblem(problem)}`)
  }
  for (const page of server.badPages) {
    console.warn(`Page with problems (its route shows the error panel): ${page.file}`)
    for (const issue of page.issues) console.warn(`  ${issue.severity}: ${formatIssue(issue)}`)
  }
  const stop = async () => {
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  // Errors that say what to fix are printed as they are; anything else with its stack.
  const explained = [ModelLoadError, ModelTableError, ModelBehaviourError].some(
    (type) => error instanceof type,
  )
  console.error(explained ? (error as Error).message : error)
  process.exit(1)
}
