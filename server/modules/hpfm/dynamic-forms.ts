/**
 * Dynamic forms (HZERO's dynamic form configuration, /hpfm/dynamic-form): a header (code, name, category,
 * enabled) and its items (code, label, component type, value set or Lov view, required, default, order, help,
 * enabled). They take effect in two places:
 * - GET /hpfm/v1/{tenantId}/dynamic-forms/{formCode} answers the definition a DynamicForm field renders: the
 *   header and its enabled items in order (one request; the browser keeps it for the session). 404 with the
 *   closest code when the form does not exist.
 * - `checkDynamicFormValues` checks a record's JSON object of values against the definition before it is
 *   written (the write guard `dynamicFormField` makes for a model field): required items filled, each value of its
 *   item's type, a Select's value in its value set, no keys the form does not have. Refused with 400 naming the
 *   item and what to do. Keys of disabled items are dropped (the item is no longer part of the form); a disabled
 *   form checks nothing and keeps the values as they are (it is switched off, not emptied).
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  type DynamicFormDefinition as ContractDefinition,
  type DynamicFormItem as ContractItem,
  type DynamicFormItemType,
} from '../../../renderer/contract/dynamic-form.ts'
import { suggestName } from '../../../renderer/schema/suggest.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { lookupValues } from './lookups.ts'
import { NoQuery } from '../../schemas.ts'

/** The answer of the definition endpoint: an item's type is one the platform knows; the header is saved. */
export type DynamicFormItem = ContractItem & { itemType: DynamicFormItemType }
export type DynamicFormDefinition = Omit<ContractDefinition, 'lines' | 'formHeaderId'> & {
  formHeaderId: number
  /** The enabled items, in order. */
  lines: DynamicFormItem[]
}

interface Loaded {
  definition: DynamicFormDefinition
  /** Codes of every item, enabled or not. */
  allCodes: Set<string>
}

async function loadForm(db: Db, tenantId: number, formCode: string): Promise<Loaded | undefined> {
  const header = (await modelDb(db)
    .selectFrom('hpfm_dynamic_form_header')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('formCode', '=', formCode)
    .executeTakeFirst()) as Row | undefined
  if (!header) return undefined
  const lines = (await modelDb(db)
    .selectFrom('hpfm_dynamic_form_line')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('formHeaderId', '=', header.formHeaderId as number)
    .orderBy('orderSeq')
    .orderBy('formLineId')
    .execute()) as Row[]
  const item = (line: Row): DynamicFormItem => ({
    itemCode: String(line.itemCode),
    itemName: String(line.itemName),
    itemType: line.itemType as DynamicFormItemType,
    requiredFlag: Number(line.requiredFlag ?? 0),
    lookupCode: (line.lookupCode as string | null) ?? null,
    lovCode: (line.lovCode as string | null) ?? null,
    defaultValue: (line.defaultValue as string | null) ?? null,
    helpText: (line.helpText as string | null) ?? null,
    orderSeq: Number(line.orderSeq ?? 0),
  })
  return {
    definition: {
      formHeaderId: Number(header.formHeaderId),
      formCode: String(header.formCode),
      formName: String(header.formName),
      formCategory: (header.formCategory as string | null) ?? null,
      description: (header.description as string | null) ?? null,
      enabledFlag: Number(header.enabledFlag ?? 1),
      lines: lines.filter((line) => Number(line.enabledFlag ?? 1) === 1).map(item),
    },
    allCodes: new Set(lines.map((line) => String(line.itemCode))),
  }
}

async function formCodes(db: Db, tenantId: number): Promise<string[]> {
  const rows = (await modelDb(db)
    .selectFrom('hpfm_dynamic_form_header')
    .select('formCode')
    .where('tenantId', '=', tenantId)
    .execute()) as Row[]
  return rows.map((row) => String(row.formCode))
}

/** The definition of `formCode` in the tenant; 404 naming the closest code when there is none. */
export async function dynamicFormDefinition(
  db: Db,
  tenantId: number,
  formCode: string,
): Promise<DynamicFormDefinition> {
  const loaded = await loadForm(db, tenantId, formCode)
  if (loaded) return loaded.definition
  const known = await formCodes(db, tenantId)
  throw notFound(
    `Dynamic form '${formCode}' does not exist: check the form code (${suggestName(formCode, known, 'dynamic forms')}) or create it on /hpfm/dynamic-form.`,
  )
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''
const DATE = /^\d{4}-\d{2}-\d{2}$/

const validDate = (text: string) => {
  if (!DATE.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/**
 * Checks `values` (the JSON object of a record's field) against the dynamic form `formCode`; answers the object
 * to store (values of a type the form allows, keys of disabled items dropped) or throws 400 naming each bad item.
 * `field` names the record's field in messages and in the error's `fields`.
 */
export async function checkDynamicFormValues(
  db: Db,
  tenantId: number,
  formCode: string,
  field: string,
  values: unknown,
): Promise<Record<string, unknown> | null> {
  const loaded = await loadForm(db, tenantId, formCode)
  // No values and no form (e.g. a tenant seeded before its forms): nothing to check, nothing to keep.
  if (!loaded && (isEmpty(values) || (typeof values === 'object' && !Object.keys(values as object).length)))
    return null
  if (!loaded)
    throw badRequest(
      `${field} follows the dynamic form '${formCode}', which does not exist in this tenant: create it on /hpfm/dynamic-form (or ask an administrator to), then save again.`,
      { [field]: `dynamic form ${formCode} is missing` },
    )
  if (isEmpty(values)) values = {}
  if (typeof values !== 'object' || Array.isArray(values))
    throw badRequest(
      `${field} must be a JSON object of the items of dynamic form ${formCode} (item code → value): send an object such as {"${loaded.definition.lines[0]?.itemCode ?? 'itemCode'}": …}.`,
      { [field]: 'not an object' },
    )
  const given = values as Record<string, unknown>
  const { definition, allCodes } = loaded
  if (definition.enabledFlag !== 1) return given
  const problems: string[] = []
  const unknown = Object.keys(given).filter((key) => !allCodes.has(key))
  if (unknown.length)
    problems.push(
      `${unknown.map((key) => `'${key}'`).join(', ')} ${unknown.length > 1 ? 'are not items' : 'is not an item'} of dynamic form ${formCode}: remove ${unknown.length > 1 ? 'them' : 'it'}, or add the item on /hpfm/dynamic-form first`,
    )
  const checked: Record<string, unknown> = {}
  const selects = definition.lines.filter((line) => line.itemType === 'Select' && line.lookupCode)
  const valueSets = await lookupValues(
    db,
    [...new Set(selects.map((line) => line.lookupCode!))],
    tenantId,
    'zh_CN',
  )
  for (const line of definition.lines) {
    const name = `${field}.${line.itemCode} (${line.itemName})`
    let value = given[line.itemCode]
    if (isEmpty(value)) {
      if (line.requiredFlag === 1) problems.push(`${name} is required: fill it in`)
      continue
    }
    switch (line.itemType) {
      case 'Input':
      case 'TextArea':
        if (typeof value === 'number') value = String(value)
        if (typeof value !== 'string') problems.push(`${name} must be text: give it as a string`)
        break
      case 'InputNumber':
        if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
          value = Number(value)
        if (typeof value !== 'number' || !Number.isFinite(value))
          problems.push(`${name} must be a number: give digits, e.g. 10 or 2.5`)
        break
      case 'Switch':
        if (value === true || value === 1 || value === '1') value = 1
        else if (value === false || value === 0 || value === '0') value = 0
        else problems.push(`${name} is a switch: give 1 (on) or 0 (off)`)
        break
      case 'DatePicker':
        if (typeof value !== 'string' || !validDate(value))
          problems.push(`${name} must be a date: give it as YYYY-MM-DD, e.g. 2026-01-31`)
        break
      case 'Select': {
        const allowed = (valueSets.get(line.lookupCode ?? '') ?? []).map((v) => v.value)
        if (typeof value === 'number') value = String(value)
        if (typeof value !== 'string' || !allowed.includes(value))
          problems.push(
            `${name}: '${String(value)}' is not a value of ${line.lookupCode ?? 'its value set'}: choose one of ${allowed.join(', ') || '(the value set is empty: add values on /hpfm/lov-value first)'}`,
          )
        break
      }
      case 'Lov':
        if (typeof value !== 'string' && typeof value !== 'number')
          problems.push(
            `${name} must be the value of one ${line.lovCode ?? 'Lov'} row: pick it in the picker`,
          )
        break
    }
    checked[line.itemCode] = value
  }
  if (problems.length) throw badRequest(`${problems.join('; ')}.`, { [field]: problems.join('; ') })
  return checked
}

/**
 * The behaviour making `field` of the model `modelKey` (its file's name, `hfle/storage-config`) follow the
 * dynamic form `formCode`: every create and update that sends the field is checked (checkDynamicFormValues) and
 * stores the checked object.
 */
export function dynamicFormField(modelKey: string, field: string, formCode: string): ModelBehaviour {
  return modelBehaviour({
    model: modelKey,
    writeGuards: [
      async ({ db, session, op, values }) => {
        if (op === 'delete' || !(field in values)) return
        // The write path has turned the JSON field into its column text already (model-write.ts).
        const raw = values[field]
        const given = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
        const checked = await checkDynamicFormValues(db, session.tenantId, formCode, field, given)
        values[field] = checked === null ? null : JSON.stringify(checked)
      },
    ],
  })
}

const Params = Type.Object({
  tenantId: Type.Integer(),
  formCode: Type.String({ pattern: '^[A-Z0-9_.-]+$', maxLength: 60 }),
})

/** GET dynamic-forms/{formCode}: the definition, for every signed-in user of the tenant (like lov-view/info). */
export const dynamicFormRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/hpfm/v1/:tenantId/dynamic-forms/:formCode',
    { schema: { querystring: NoQuery, params: Params } },
    async (request: FastifyRequest) => {
      const { formCode } = request.params as typeof Params.static
      return dynamicFormDefinition(app.db, sessionOf(request).tenantId, formCode)
    },
  )
}
