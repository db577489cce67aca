/**
 * The page designer's "New model field…" (issue 22): adds a field to a model file and applies it at once.
 *   POST /api/hpfm/v1/page-designer/model-field {model: "wms/warehouse", field: {name, type, label?, maxLength?…}}
 *     → {file, model: {key, fields}, field, version, diff}: the field appended to the file's `fields` (the
 *       rest of the file as it was: key order, layout, `$schema`; printed as prettier prints it), checked with
 *       the start's model check (check-model.ts) and its table plan (model-table-plan.ts), written atomically,
 *       then applied through the live models (`app.liveModels.reload()`: the column added, the routes served).
 * Refused with a 400 naming the problem and the fix, nothing written: a name taken or not camelCase, an
 * unknown type or property, a change the table cannot follow, a required field on a table that has rows (they
 * would have no value). The same guard and setting as the page file's PUT (routes-page-designer.ts): the
 * designer's code, a site-level role, PAGE_DESIGNER_WRITES (off: 409). The model is found by its key under
 * the models folder, never by a path from the client.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { TypedPlugin } from '../../type-provider.ts'
import {
  changedLines,
  fromJsonTree,
  nodeAt,
  parseJsonTree,
  printJsonTree,
  toJsonTree,
} from '../../../renderer/page-document/index.ts'
import { modelKey, type ModelField, type ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { seedReferences } from '../../seed/data.ts'
import { checkModel, checkModelClashes } from '../models/check-model.ts'
import { formatProblem, type ModelProblem } from '../models/model-errors.ts'
import { readModelTablesFacts } from '../models/model-table-facts.ts'
import { planModelTable, q, refusedSteps } from '../models/model-table-plan.ts'
import { notWritable, PAGE_DESIGNER_PERMISSION, siteOnly, writeAtomically } from './routes-page-designer.ts'

const KEY = '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)+$'

const FieldBody = Type.Object(
  {
    // Loose on purpose: the model check names what is wrong with a name or a type and how to fix it.
    name: Type.String({ minLength: 1, maxLength: 64, description: 'camelCase, new to the model' }),
    type: Type.String({ minLength: 1, maxLength: 20, description: 'string, text, integer, decimal, …' }),
    label: Type.Optional(Type.String({ maxLength: 120, description: "The model's label (server messages)" })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    precision: Type.Optional(Type.Integer({ minimum: 1, maximum: 38 })),
    scale: Type.Optional(Type.Integer({ minimum: 0, maximum: 18 })),
    required: Type.Optional(Type.Boolean()),
    searchable: Type.Optional(Type.String({ maxLength: 10 })),
    sortable: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
)
const Body = Type.Object(
  {
    model: Type.String({
      pattern: KEY,
      maxLength: 160,
      description:
        'The model key: its file path under the models folder without .model.json (wms/warehouse).',
    }),
    field: FieldBody,
  },
  { additionalProperties: false },
)

/** The properties in the order model files write them. */
const ORDER: ReadonlyArray<keyof typeof FieldBody.static> = [
  'name',
  'type',
  'label',
  'maxLength',
  'precision',
  'scale',
  'required',
  'searchable',
  'sortable',
  'description',
]

const problemsOf = (
  problems: ReadonlyArray<{ pointer: string; message: string; fix: string }>,
  file: string,
) => problems.map((p): ModelProblem => ({ file, ...p }))

/** A 400 naming the first problem as `file /pointer: problem (fix)` and every problem by pointer. */
function refuse(key: string, problems: ModelProblem[]): never {
  if (!problems.length)
    throw badRequest(
      `The field cannot be added to ${key}: the model check refused it; check the field's name and type against the model language (schemas/README.md).`,
    )
  const fields = Object.fromEntries(problems.map((p) => [p.pointer || '/', formatProblem(p)]))
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more, listed by pointer)` : ''
  throw badRequest(
    `The field cannot be added to ${key}: ${formatProblem(problems[0]!)}${more}. Nothing was written: fix the field and add it again.`,
    fields,
  )
}

export function modelFieldRoutes(): TypedPlugin {
  return async (app) => {
    const guard = requirePermission(PAGE_DESIGNER_PERMISSION)
    app.post(
      '/api/hpfm/v1/page-designer/model-field',
      { schema: { body: Body }, preHandler: [guard, siteOnly] },
      async (request) => {
        const { model: key, field: body } = request.body
        const dir = app.config.modelsDir
        const path = join(dir, `${key}.model.json`)
        const near = relative(process.cwd(), path)
        const file = near && !near.startsWith('..') ? near : path
        if (!existsSync(path))
          throw notFound(
            `No model file ${key}.model.json under ${dir}: name the model the page's dataSource.model names.`,
          )
        const before = readFileSync(path, 'utf8')
        let tree
        try {
          tree = parseJsonTree(before)
        } catch {
          throw conflict(
            'error.page_designer.model_broken',
            `${file} does not read as JSON now: fix the file first (the log and schemas:check say where), then add the field.`,
          )
        }
        const fields = nodeAt(tree, '/fields')
        if (fields?.type !== 'array')
          throw conflict(
            'error.page_designer.model_broken',
            `${file} has no fields list: fix the file first.`,
          )
        const current = fromJsonTree(tree) as ModelSchema
        const taken = current.fields.findIndex((f) => f.name === body.name)
        if (taken >= 0)
          refuse(key, [
            {
              file,
              pointer: `/fields/${taken}/name`,
              message: `the model already has a field '${body.name}'`,
              fix: 'choose another name, or add the existing field from the model list',
            },
          ])
        const field = Object.fromEntries(
          ORDER.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]),
        )
        fields.items.push(toJsonTree(field))
        const after = printJsonTree(tree)
        const pointer = `/fields/${fields.items.length - 1}`

        // The start's model check, the clashes with the other models included.
        const relativePath = `${key}.model.json`
        const checked = checkModel(JSON.parse(after), seedReferences(app.config.seedDataDir), relativePath)
        const clashes = checked.model
          ? checkModelClashes([
              ...app.liveModels.models
                .filter((m) => modelKey(m) !== key)
                .map((model) => ({ file: modelKey(model), model })),
              { file, model: checked.model },
            ]).filter((p) => p.file === file)
          : []
        const problems = problemsOf([...checked.problems, ...clashes], file)
        if (problems.length || !checked.model) refuse(key, problems)
        const next = checked.model!
        const added = next.fields.at(-1) as ModelField

        // The table's side: what the start would do with this model, and rows that would lack a required value.
        const facts = (await readModelTablesFacts(app.db, [next])).get(next)!
        const steps = refusedSteps(planModelTable(next, facts))
        if (steps.length)
          refuse(
            key,
            steps.map((step) => ({
              file,
              pointer,
              message: step.why,
              fix: 'add the field without that, or write a migration',
            })),
          )
        if (added.required && facts.exists && !next.view) {
          const rows = await sql<{
            n: number
          }>`select count(*)::int as n from ${sql.raw(q(next.table))}`.execute(app.db)
          const count = rows.rows[0]?.n ?? 0
          if (count > 0)
            refuse(key, [
              {
                file,
                pointer: `${pointer}/required`,
                message: `${next.table} holds ${count} row(s), which would have no value for the required field '${added.name}' (a new column starts empty; a default fills only new rows)`,
                fix: 'add the field without required, fill it on the existing rows, then make it required in the model file',
              },
            ])
        }

        const reason = notWritable(app.config.pageDesignerWrites, dir, 'model files')
        if (reason) throw conflict('error.page_designer.read_only', reason)
        await writeAtomically(path, after, dir, 'models folder')

        // Applied now (with live files on, the watcher's later reload finds nothing new).
        await app.liveModels.reload()
        const broken = app.liveModels.broken.get(key)
        const served = app.liveModels.byKey(key)
        if (broken || !served?.fields.some((f) => f.name === added.name)) {
          // Refused on the way in: the file goes back to what it was, so disk and server agree.
          await writeAtomically(path, before, dir, 'models folder')
          await app.liveModels.reload()
          throw conflict(
            'error.page_designer.model_refused',
            `The server did not take the new field, so ${file} is back as it was; fix what it says and add the field again: ${
              broken?.problems.map(formatProblem).join('; ') ?? 'the model was not applied'
            }`,
          )
        }
        return {
          file,
          model: { key, fields: served.fields },
          field: added,
          version: app.liveModels.version,
          diff: changedLines(before, after),
        }
      },
    )
  }
}
