/**
 * Field permission rules of a role or a user for one permission code (the role, role-tree, simple-role
 * field/{roleId}/{permissionId} and sub-account field/{userId}/{permissionId} screens): list, add, change and
 * remove. A rule names one model the code guards and one of its fields, HIDDEN or READ_ONLY; the generic model
 * endpoints apply it (server/modules/models/field-rules.ts) from the next request. Each row answered also names
 * the API calls the code guards (from the route table), so the screen shows what the rule restricts.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { modelKey as keyOf, type ModelSchema } from '../../../renderer/schema/model.ts'
import { AppError, badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission } from '../../plugins/permissions.ts'
import { FIELD_RULE_MODEL, permissionCodesOf } from '../models/field-rules.ts'
import { modelIndex } from '../models/model-index.ts'
import { nearest } from '../../../renderer/schema/suggest.ts'
import { idParam, PageQuery, pageOf } from './paging.ts'
import { ROLE_CODES, roleInScope } from './routes-roles.ts'
import { USER_CODES } from './routes-users.ts'
import { adminRoutes, type Scope } from './scope.ts'
import { contains } from '../../like.ts'

const RuleType = Type.Union([Type.Literal('HIDDEN'), Type.Literal('READ_ONLY')], {
  description:
    'HIDDEN: left out of the rows answered; READ_ONLY: a create or update may not set or change it.',
})
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)])
const FieldName = Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z][A-Za-z0-9]*$' })
const ModelKey = Type.String({
  minLength: 3,
  maxLength: 120,
  pattern: '^[a-z][A-Za-z0-9]*/[a-z][A-Za-z0-9-]*$',
})
const Remark = Type.Union([Type.String({ maxLength: 480 }), Type.Null()])
const RuleCreate = Type.Object(
  {
    modelKey: Type.Optional(ModelKey),
    fieldName: FieldName,
    ruleType: RuleType,
    enabledFlag: Type.Optional(Flag),
    remark: Type.Optional(Remark),
  },
  { additionalProperties: true },
)
const RuleUpdate = Type.Object(
  {
    fieldPermissionId: Type.Integer({ minimum: 1 }),
    objectVersionNumber: Type.Integer({ minimum: 1 }),
    modelKey: Type.Optional(ModelKey),
    fieldName: Type.Optional(FieldName),
    ruleType: Type.Optional(RuleType),
    enabledFlag: Type.Optional(Flag),
    remark: Type.Optional(Remark),
  },
  { additionalProperties: true },
)
const RuleKey = Type.Object(
  { fieldPermissionId: Type.Integer({ minimum: 1 }), objectVersionNumber: Type.Integer({ minimum: 1 }) },
  { additionalProperties: true },
)
const RuleDelete = Type.Union([RuleKey, Type.Array(RuleKey, { minItems: 1, maxItems: 200 })])
const RuleQuery = Type.Object({
  ...PageQuery,
  fieldName: Type.Optional(Type.String({ maxLength: 60 })),
  ruleType: Type.Optional(RuleType),
  enabledFlag: Type.Optional(Flag),
})

const FieldQuery = Type.Object({
  ...PageQuery,
  permissionCode: Type.Optional(Type.String({ maxLength: 200 })),
  modelKey: Type.Optional(Type.String({ maxLength: 120 })),
  fieldName: Type.Optional(Type.String({ maxLength: 60 })),
})

interface Target {
  tenantId: number
  targetType: 'ROLE' | 'USER'
  targetId: number
  /** `roleId` or `userId`, put on each row for the page's paths. */
  idField: 'roleId' | 'userId'
}

interface StoredRule {
  fieldPermissionId: number
  objectVersionNumber: number
  permissionCode: string
  modelKey: string
  fieldName: string
  ruleType: string
  enabledFlag: number
  remark: string | null
}

const COLUMNS = sql`field_permission_id, object_version_number, permission_code, model_key, field_name, rule_type,
  enabled_flag, remark`

export const fieldRuleRoutes =
  (models: ModelSchema[]): FastifyPluginAsync =>
  async (app) => {
    const routes = adminRoutes(app)
    const db = app.db

    const codeOf = (params: unknown) => {
      const code = decodeURIComponent(String((params as { permissionId?: string }).permissionId ?? ''))
      if (!/^[A-Za-z0-9._-]{1,200}$/.test(code))
        throw badRequest(
          'permissionId in the path must be a permission code such as wmdm.warehouse.button.edit: use the code, not a number.',
          { permissionId: 'not a code' },
        )
      return code
    }
    // The rules' own model is never restricted by them (field-rules.ts), so it is never offered.
    const modelsOf = (code: string) =>
      models.filter((model) => keyOf(model) !== FIELD_RULE_MODEL && permissionCodesOf(model).includes(code))
    const apisOf = (code: string) =>
      app.routeTable
        .filter((route) => route.permissionCodes.includes(code))
        .map((route) => `${route.method} ${route.url}`)
        .join(', ')

    /** The model a new or changed rule names: the one the code guards, or the one named among them. */
    const modelFor = (code: string, modelKey: string | undefined): ModelSchema => {
      const guarded = modelsOf(code)
      if (!guarded.length)
        throw badRequest(
          `Permission code ${code} guards no model's list or form, so a field rule on it would restrict nothing: open the field screen of a model's code (e.g. wmdm.warehouse.button.edit).`,
          { permissionCode: 'guards no model' },
        )
      const keys = guarded.map(keyOf)
      if (modelKey === undefined || modelKey === '') {
        if (guarded.length === 1) return guarded[0]!
        throw badRequest(
          `${code} guards several models: choose the model (modelKey) among ${keys.join(', ')}.`,
          {
            modelKey: `one of ${keys.join(', ')}`,
          },
        )
      }
      // A key naming no model file (a typo, the older service/entity spelling) is told the nearest model.
      if (!modelIndex(models).has(modelKey)) {
        const near = nearest(modelKey, modelIndex(models).keys())
        throw badRequest(
          `modelKey '${modelKey}' names no model: name it by its model file's name${near ? ` (did you mean '${near}'?)` : ''}; ${code} guards ${keys.join(', ')}.`,
          { modelKey: `one of ${keys.join(', ')}${near ? ` (did you mean '${near}'?)` : ''}` },
        )
      }
      const model = guarded.find((m) => keyOf(m) === modelKey)
      if (!model)
        throw badRequest(
          `modelKey '${modelKey}' is not a model ${code} guards: choose one of ${keys.join(', ')}.`,
          { modelKey: `one of ${keys.join(', ')}` },
        )
      return model
    }
    const checkField = (model: ModelSchema, fieldName: string) => {
      const names = model.fields.map((field) => field.name).filter((name) => name !== model.primaryKey)
      if (!names.includes(fieldName))
        throw badRequest(
          `fieldName '${fieldName}' is not a field of ${keyOf(model)}: choose one of ${names.join(', ')}.`,
          { fieldName: `one of ${names.join(', ')}` },
        )
    }
    const duplicate = (error: unknown, fieldName: unknown) => {
      if ((error as { code?: string }).code !== '23505') return error
      const message = `A rule on ${String(fieldName)} for this permission code and model already exists: edit that rule instead.`
      return new AppError(409, 'error.duplicate', message, { fieldName: message })
    }

    const roleTarget = async (request: FastifyRequest, scope: Scope): Promise<Target> => {
      const roleId = idParam(request.params, 'roleId')
      const role = await roleInScope(db, scope, roleId)
      return { tenantId: Number(role.tenantId), targetType: 'ROLE', targetId: roleId, idField: 'roleId' }
    }
    const userTarget = async (request: FastifyRequest, scope: Scope): Promise<Target> => {
      const userId = idParam(request.params, 'userId')
      const tenantId = scope.tenantId ?? scope.session.tenantId
      const member = await db
        .selectFrom('iamMemberRole as m')
        .innerJoin('iamRole as r', 'r.id', 'm.roleId')
        .select('m.userId')
        .where('m.userId', '=', userId)
        .where('r.tenantId', '=', tenantId)
        .executeTakeFirst()
      if (!member)
        throw notFound(`User ${userId} holds no role in tenant ${tenantId}: reload the sub-account list.`)
      return { tenantId, targetType: 'USER', targetId: userId, idField: 'userId' }
    }

    const ruleOf = async (
      target: Target,
      code: string,
      id: number,
      on: typeof db = db,
    ): Promise<StoredRule> => {
      const found = await sql<StoredRule>`select ${COLUMNS} from hiam_field_permission
        where field_permission_id = ${id} and tenant_id = ${target.tenantId} and target_type = ${target.targetType}
          and target_id = ${target.targetId} and permission_code = ${code}`.execute(on)
      const rule = found.rows[0]
      if (!rule) throw notFound(`Field rule ${id} is not a rule of this screen: reload the list.`)
      return rule
    }
    const stale = (id: number, version: number, current: number) =>
      conflict(
        'error.object_version_changed',
        `Field rule ${id} was changed by someone else (your version ${version}, current ${current}): reload it and apply your change again.`,
      )
    const answer = (target: Target, rule: StoredRule, apis: string) => ({
      ...rule,
      fieldPermissionId: Number(rule.fieldPermissionId),
      enabledFlag: Number(rule.enabledFlag),
      targetType: target.targetType,
      [target.idField]: target.targetId,
      apis,
    })

    const register = (
      path: string,
      targetOf: (request: FastifyRequest, scope: Scope) => Promise<Target>,
      writeCode: string,
    ) => {
      const guard = { preHandler: requirePermission(writeCode) }
      routes.get(path, { schema: { querystring: RuleQuery } }, async (request, scope) => {
        const target = await targetOf(request, scope)
        const code = codeOf(request.params)
        const q = request.query as typeof RuleQuery.static
        const page = q.page ?? 0
        const size = q.size ?? 10
        const where = sql`tenant_id = ${target.tenantId} and target_type = ${target.targetType}
          and target_id = ${target.targetId} and permission_code = ${code}
          ${q.fieldName ? sql`and field_name ilike ${contains(q.fieldName)}` : sql``}
          ${q.ruleType ? sql`and rule_type = ${q.ruleType}` : sql``}
          ${q.enabledFlag !== undefined ? sql`and enabled_flag = ${q.enabledFlag}` : sql``}`
        const total = await sql<{ n: number }>`select count(*)::int as n from hiam_field_permission
          where ${where}`.execute(db)
        const rows = await sql<StoredRule>`select ${COLUMNS} from hiam_field_permission where ${where}
          order by model_key, field_name limit ${size} offset ${page * size}`.execute(db)
        const apis = apisOf(code)
        return pageOf(
          rows.rows.map((rule) => answer(target, rule, apis)),
          Number(total.rows[0]?.n ?? 0),
          page,
          size,
        )
      })

      routes.post(path, { ...guard, schema: { body: RuleCreate } }, async (request, scope) => {
        const target = await targetOf(request, scope)
        const code = codeOf(request.params)
        const body = request.body as typeof RuleCreate.static
        const model = modelFor(code, body.modelKey)
        checkField(model, body.fieldName)
        const userId = scope.session.userId
        try {
          const made =
            await sql<StoredRule>`insert into hiam_field_permission (tenant_id, target_type, target_id,
              permission_code, model_key, field_name, rule_type, enabled_flag, remark, created_by, last_updated_by)
            values (${target.tenantId}, ${target.targetType}, ${target.targetId}, ${code}, ${keyOf(model)},
              ${body.fieldName}, ${body.ruleType}, ${body.enabledFlag ?? 1}, ${body.remark ?? null}, ${userId}, ${userId})
            returning ${COLUMNS}`.execute(db)
          return answer(target, made.rows[0]!, apisOf(code))
        } catch (error) {
          throw duplicate(error, body.fieldName)
        }
      })

      routes.put(path, { ...guard, schema: { body: RuleUpdate } }, async (request, scope) => {
        const target = await targetOf(request, scope)
        const code = codeOf(request.params)
        const body = request.body as typeof RuleUpdate.static
        const saved = await ruleOf(target, code, body.fieldPermissionId)
        const model = modelFor(code, body.modelKey ?? saved.modelKey)
        const fieldName = body.fieldName ?? saved.fieldName
        checkField(model, fieldName)
        try {
          const changed = await sql<StoredRule>`update hiam_field_permission set model_key = ${keyOf(model)},
              field_name = ${fieldName}, rule_type = ${body.ruleType ?? saved.ruleType},
              enabled_flag = ${body.enabledFlag ?? saved.enabledFlag},
              remark = ${body.remark === undefined ? saved.remark : body.remark},
              object_version_number = object_version_number + 1, last_update_date = localtimestamp(0),
              last_updated_by = ${scope.session.userId}
            where field_permission_id = ${body.fieldPermissionId} and object_version_number = ${body.objectVersionNumber}
            returning ${COLUMNS}`.execute(db)
          const rule = changed.rows[0]
          if (!rule)
            throw stale(body.fieldPermissionId, body.objectVersionNumber, Number(saved.objectVersionNumber))
          return answer(target, rule, apisOf(code))
        } catch (error) {
          throw duplicate(error, fieldName)
        }
      })

      routes.delete(path, { ...guard, schema: { body: RuleDelete } }, async (request, scope) => {
        const target = await targetOf(request, scope)
        const code = codeOf(request.params)
        const keys = [request.body as typeof RuleKey.static | Array<typeof RuleKey.static>].flat()
        await db.transaction().execute(async (trx) => {
          for (const key of keys) {
            const saved = await ruleOf(target, code, key.fieldPermissionId, trx)
            const gone =
              await sql`delete from hiam_field_permission where field_permission_id = ${key.fieldPermissionId}
              and object_version_number = ${key.objectVersionNumber}`.execute(trx)
            if (!Number(gone.numAffectedRows ?? 0))
              throw stale(key.fieldPermissionId, key.objectVersionNumber, Number(saved.objectVersionNumber))
          }
        })
        return { deleted: keys.length }
      })
    }

    // The fields a rule may name (the Lov HIAM.FIELD_RULE_FIELD of the field screens): every field but the key of
    // every model a permission code guards, narrowed by code, model and name.
    const candidates = models
      .filter((model) => keyOf(model) !== FIELD_RULE_MODEL && permissionCodesOf(model).length)
      .flatMap((model) =>
        model.fields
          .filter((field) => field.name !== model.primaryKey)
          .map((field) => ({
            fieldKey: `${keyOf(model)}.${field.name}`,
            modelKey: keyOf(model),
            fieldName: field.name,
            fieldLabel: field.label ?? field.name,
            codes: permissionCodesOf(model),
          })),
      )
    routes.get('/field-rule-fields', { schema: { querystring: FieldQuery } }, async (request) => {
      const q = request.query as typeof FieldQuery.static
      const like = (value: string, text: string | undefined) =>
        !text || value.toLowerCase().includes(text.trim().toLowerCase())
      const shown = candidates.filter(
        (row) =>
          (!q.permissionCode || row.codes.includes(q.permissionCode.trim())) &&
          like(row.modelKey, q.modelKey) &&
          (like(row.fieldName, q.fieldName) || like(row.fieldLabel, q.fieldName)),
      )
      const page = q.page ?? 0
      const size = q.size ?? 20
      return pageOf(
        shown
          .slice(page * size, page * size + size)
          .map(({ codes, ...row }) => ({ ...row, permissionCodes: codes.join(', ') })),
        shown.length,
        page,
        size,
      )
    })

    register('/roles/:roleId/permissions/:permissionId/field-rules', roleTarget, ROLE_CODES.grant)
    register('/users/:userId/permissions/:permissionId/field-rules', userTarget, USER_CODES.assign)
  }
