/**
 * Reference copies (schemas/README.md "Reference copies"): a field declaring `reference: "wms/goods"` holds the
 * id of a record of that model, and fields declaring `copyOf: {reference, field}` keep a copy of one of its
 * fields beside it (a line's goodsCode and goodsName beside goodsId), so lists, exports, pick lists and notes
 * show names rather than ids. The browser's Lov fills the copies when a user picks; a row written through the
 * API with ids only, or by server code, would leave them empty. So the server fills them itself, here, on every
 * create and on every update naming the reference or a copy, in the write's transaction, whatever the body sent.
 * model-write.ts calls it for every generic write (API, batch-save, with-lines, import, seed, and the server
 * code that writes through createRow/updateRow); server code inserting rows itself calls `referenceCopiesOf`.
 */
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { registeredModel } from './model-documents.ts'
import { inScope, modelDb, type Row } from './model-scope.ts'

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** The reference fields of a model with the copies declared on each (a reference without copies included). */
export function referencesOf(model: ModelSchema): Array<{ field: ModelField; copies: ModelField[] }> {
  return model.fields
    .filter((field) => field.reference)
    .map((field) => ({
      field,
      copies: model.fields.filter((copy) => copy.copyOf?.reference === field.name),
    }))
}

/** The referenced record's copied fields, or a 400 naming the field when no record (the caller sees) has the id. */
async function readReferenced(
  db: Db,
  model: ModelSchema,
  field: ModelField,
  copies: readonly ModelField[],
  session: Session,
  value: unknown,
): Promise<Row> {
  const target = registeredModel(field.reference!)
  // check-model.ts refuses a reference to a model that is not loaded: a miss here is a model removed live
  if (!target)
    throw badRequest(
      `${model.entity}.${field.name} refers to model ${field.reference}, which the server does not have now: restore its model file or remove the reference.`,
    )
  const id = Number(value)
  const columns = [target.primaryKey, ...new Set(copies.map((copy) => copy.copyOf!.field))]
  const row = Number.isSafeInteger(id)
    ? await inScope(modelDb(db).selectFrom(target.table).select(columns), target, session)
        .where(target.primaryKey, '=', id)
        .executeTakeFirst()
    : undefined
  if (!row) {
    const why = `${field.name} ${String(value)}: no ${target.entity} has this id (or it is not yours)`
    throw badRequest(
      `Invalid request body: ${why}: pick a ${target.entity} from the list (${field.label ?? field.name}).`,
      { [field.name]: why },
    )
  }
  return row
}

/**
 * The copies of the references `values` names, read from the referenced records (empty for an empty reference).
 * For server code writing rows itself: `{...values, ...(await referenceCopiesOf(db, model, session, values))}`.
 * A reference naming no record is a 400 naming the field.
 */
export async function referenceCopiesOf(
  db: Db,
  model: ModelSchema,
  session: Session,
  values: Row,
): Promise<Row> {
  const copied: Row = {}
  for (const { field, copies } of referencesOf(model)) {
    if (!(field.name in values)) continue
    const value = values[field.name]
    // no record named: the copy is the writer's (a customer typed, not picked), as the body sent it
    if (isEmpty(value)) continue
    const referenced = await readReferenced(db, model, field, copies, session, value)
    for (const copy of copies) copied[copy.name] = referenced[copy.copyOf!.field] ?? null
  }
  return copied
}

/**
 * Fills the copies in `values` (the columns a create or update is about to write), in place: those of every
 * reference the write names, and on update those whose copy it names (from the stored reference, read with
 * `stored`), so a client cannot set a copy apart from its record. A copy of an empty reference is left as sent
 * (a customer's name typed for a customer that is no record).
 */
export async function fillReferenceCopies(
  db: Db,
  model: ModelSchema,
  session: Session,
  op: 'create' | 'update',
  values: Row,
  stored?: () => Promise<Row>,
): Promise<void> {
  const named: Row = {}
  for (const { field, copies } of referencesOf(model)) {
    if (field.name in values) named[field.name] = values[field.name]
    else if (op === 'update' && copies.some((copy) => copy.name in values) && stored)
      named[field.name] = (await stored())[field.name]
  }
  Object.assign(values, await referenceCopiesOf(db, model, session, named))
  // a required copy is not required in the body (its reference fills it), but one of the two must be there
  const missing = model.fields.filter(
    (field) =>
      field.copyOf &&
      field.required &&
      (op === 'create' || field.name in values) &&
      isEmpty(values[field.name]),
  )
  if (missing.length) {
    const fields = Object.fromEntries(
      missing.map((f) => [
        f.name,
        `${f.name} is required: pick a record for ${f.copyOf!.reference} or fill ${f.name}`,
      ]),
    )
    throw badRequest(`Invalid request body: ${Object.values(fields).join('; ')}.`, fields)
  }
}
