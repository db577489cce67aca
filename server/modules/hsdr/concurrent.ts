/**
 * Concurrent requests: a program (an executable with default parameters) run once on demand, alone or as a
 * step of a request set. Each run is a hsdr_conc_request row: PENDING → RUNNING → COMPLETED | ERROR. Runs
 * complete before the HTTP answer (the built-in job types are short), so the caller sees the outcome.
 */
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import type { FileStore } from '../hfle/file-store.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { wireDateTime } from './clock.ts'
import { parseParams, runJobType } from './job-types.ts'

export interface ConcurrentDeps {
  db: Db
  files: FileStore
  models: ModelSchema[]
  now: () => number
}

async function programByCode(db: Db, tenantId: number, concCode: string): Promise<Row> {
  const program = await modelDb(db)
    .selectFrom('hsdr_concurrent')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('concCode', '=', concCode)
    .executeTakeFirst()
  if (!program) throw notFound(`Concurrent program ${concCode} does not exist in this tenant: pick another.`)
  return program
}

/** Runs a program once and answers the request row (COMPLETED or ERROR with the message). */
export async function runProgram(
  deps: ConcurrentDeps,
  session: Session,
  program: Row,
  stepParams?: unknown,
  requestSetId?: number,
): Promise<Row> {
  const { db } = deps
  if (Number(program.enabledFlag) !== 1)
    throw badRequest(`Concurrent program ${String(program.concCode)} is disabled: enable it first.`)
  const paramsText = stepParams ? String(stepParams) : ((program.paramsJson as string | null) ?? '')
  const request = await modelDb(db)
    .insertInto('hsdr_conc_request')
    .values({
      tenantId: session.tenantId,
      concurrentId: program.concurrentId,
      concCode: program.concCode,
      requestSetId: requestSetId ?? null,
      status: 'RUNNING',
      paramsJson: paramsText,
      startDate: wireDateTime(new Date(deps.now())),
      createdBy: session.userId,
      lastUpdatedBy: session.userId,
      objectVersionNumber: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  let status = 'COMPLETED'
  let message: string
  try {
    const executable = await modelDb(db)
      .selectFrom('hsdr_executable')
      .selectAll()
      .where('tenantId', '=', session.tenantId)
      .where('executableCode', '=', program.executableCode as string)
      .executeTakeFirst()
    if (!executable) throw new Error(`executable ${String(program.executableCode)} does not exist`)
    if (Number(executable.enabledFlag) !== 1)
      throw new Error(`executable ${String(program.executableCode)} is disabled`)
    message = await runJobType(String(executable.executableType), {
      db,
      files: deps.files,
      models: deps.models,
      tenantId: session.tenantId,
      params: parseParams(paramsText),
      now: new Date(deps.now()),
    })
  } catch (error) {
    status = 'ERROR'
    message = (error as Error).message
  }
  return modelDb(db)
    .updateTable('hsdr_conc_request')
    .set({ status, resultMessage: message.slice(0, 4000), endDate: wireDateTime(new Date(deps.now())) })
    .where('requestId', '=', request.requestId as number)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function submitProgram(deps: ConcurrentDeps, session: Session, concurrentId: number) {
  const program = await modelDb(deps.db)
    .selectFrom('hsdr_concurrent')
    .selectAll()
    .where('tenantId', '=', session.tenantId)
    .where('concurrentId', '=', concurrentId)
    .executeTakeFirst()
  if (!program)
    throw notFound(`Concurrent program ${concurrentId} does not exist (or is not yours): reload the list.`)
  return runProgram(deps, session, program)
}

/** Runs the steps of a set in order; the first failed step stops the set. Answers the requests. */
export async function runRequestSet(deps: ConcurrentDeps, session: Session, requestSetId: number) {
  const set = await modelDb(deps.db)
    .selectFrom('hsdr_request_set')
    .selectAll()
    .where('tenantId', '=', session.tenantId)
    .where('requestSetId', '=', requestSetId)
    .executeTakeFirst()
  if (!set) throw notFound(`Request set ${requestSetId} does not exist (or is not yours): reload the list.`)
  if (Number(set.enabledFlag) !== 1)
    throw badRequest(`Request set ${String(set.setCode)} is disabled: enable it first.`)
  const steps = await modelDb(deps.db)
    .selectFrom('hsdr_request_set_step')
    .selectAll()
    .where('tenantId', '=', session.tenantId)
    .where('requestSetId', '=', requestSetId)
    .orderBy('stepSeq')
    .orderBy('stepId')
    .execute()
  if (!steps.length) throw badRequest(`Request set ${String(set.setCode)} has no steps: add a step first.`)
  const requests: Row[] = []
  for (const step of steps) {
    const program = await programByCode(deps.db, session.tenantId, String(step.concCode))
    const request = await runProgram(deps, session, program, step.paramsJson || undefined, requestSetId)
    requests.push(request)
    if (request.status !== 'COMPLETED') break
  }
  return { requestSetId, completed: requests.every((r) => r.status === 'COMPLETED'), requests }
}
