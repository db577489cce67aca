import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { refusedSteps, type ModelTablePlan, type ModelTableStep } from './model-table-plan.ts'

/**
 * A model file its table cannot follow without losing data: the start stops with every refused step, each
 * naming the model file, the field or key, what the database holds and the migration to write.
 */
export class ModelTableError extends Error {
  constructor(readonly refused: { file: string; step: Extract<ModelTableStep, { status: 'refused' }> }[]) {
    super(
      `The database does not follow ${refused.length === 1 ? 'a model file' : `${refused.length} model file changes`}` +
        ` and nothing was changed:\n${refused.map(({ step }) => `- ${step.why}`).join('\n')}`,
    )
    this.name = 'ModelTableError'
  }
}

/** Views first dropped (a column a view reads cannot change type), then tables, then views made again. */
const PHASE: Record<ModelTableStep['kind'], number> = {
  'drop-view': 0,
  'create-table': 1,
  'add-column': 1,
  'alter-type': 1,
  'set-not-null': 1,
  'drop-index': 1,
  'rename-index': 1,
  'create-index': 1,
  'create-view': 2,
}

/**
 * Runs plans made by `planModelTable`: refuses them all (ModelTableError, nothing run) when any step is
 * refused, else runs every step's SQL in one transaction, in the plans' order within three phases (views
 * dropped, tables changed, views created). Returns the statements run.
 */
export async function applyModelTablePlan(
  db: Db,
  plans: ModelTablePlan | ModelTablePlan[],
): Promise<string[]> {
  const list = Array.isArray(plans) ? plans : [plans]
  const refused = list.flatMap((plan) => refusedSteps(plan).map((step) => ({ file: plan.file, step })))
  if (refused.length) throw new ModelTableError(refused)
  const ordered = list
    .flatMap((plan) => plan.steps.map((step) => ({ plan, step })))
    .map((entry, i) => ({ ...entry, i }))
    .sort((a, b) => PHASE[a.step.kind] - PHASE[b.step.kind] || a.i - b.i)
  const statements: string[] = []
  if (!ordered.length) return statements
  await db.transaction().execute(async (trx) => {
    for (const { plan, step } of ordered) {
      if (step.status !== 'safe') continue
      for (const statement of step.sql) {
        try {
          await sql.raw(statement).execute(trx)
        } catch (error) {
          throw new Error(
            `${plan.file}: could not ${step.description} (${(error as Error).message}); nothing was changed. ` +
              'Write a migration for it (server/migrations/), then start again.',
            { cause: error },
          )
        }
        statements.push(statement)
      }
    }
  })
  return statements
}
