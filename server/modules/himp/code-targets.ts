/**
 * Import targets that are not model files: users (hiam/user) and role assignments (hiam/memberRole). Each
 * describes its columns as model fields (so the engine's body-schema checks, the template file and the template
 * editor treat them like any model) and brings its own checks and write: a user row passes the password policy of
 * the tenant, gets its roles and stays in the importing tenant; a role row creates the role when it is new and
 * assigns it to the user named. Used by /hiam/sub-account-org/data-import/HIAM.USER and
 * /hiam/role-data-import/HIAM.ROLE (schemas/README.md "Import").
 */
import { passwordProblems } from '../../../renderer/contract/user-preferences.ts'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { readPasswordPolicy } from '../hiam/password-policy.ts'
import { hashPassword } from '../oauth/passwords.ts'
import { isUserOfTenant } from '../hiam/tenant-users.ts'

export interface TargetLine {
  lineId: number
  rowNumber: number
  data: Record<string, unknown>
}

export interface CodeTarget {
  /** The columns as fields (service/entity name the target, as targetModel does for a model file). */
  model: ModelSchema
  /** Permission codes the importing role needs besides model.permissions.create. */
  extraCodes: string[]
  /** Errors per line id (field → message), beyond the field checks; nothing is written. */
  check(db: Db, session: Session, lines: TargetLine[]): Promise<Map<number, Record<string, string>>>
  /**
   * Turns a row read from the file (or fixed on screen; `previous` is what the line held) into what the line
   * stores: the user target checks the first password against the policy there and keeps only its hash and
   * the verdict, so no password rests in the import tables in clear.
   */
  prepare?(
    db: Db,
    session: Session,
    data: Record<string, unknown>,
    previous?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>
  /** Writes one checked row inside the import's transaction; answers the id of what it created. */
  create(db: Db, session: Session, data: Record<string, unknown>): Promise<number>
}

/** What a line shows for a first password (its hash is kept beside it, the password itself is not). */
export const PASSWORD_MASK = '******'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim())
/** "a, b;c" → ['a', 'b', 'c'] */
export const codeList = (value: unknown) =>
  [
    ...new Set(
      text(value)
        .split(/[,;，；\s]+/)
        .filter(Boolean),
    ),
  ] as string[]

function errorsOf() {
  const errors = new Map<number, Record<string, string>>()
  const add = (lineId: number, field: string, message: string) => {
    const entry = errors.get(lineId) ?? {}
    entry[field] ??= message
    errors.set(lineId, entry)
  }
  return { errors, add }
}

/** The tenant's roles by code (enabled or not: a disabled one is reported as such). */
async function rolesByCode(db: Db, tenantId: number, codes: string[]) {
  if (!codes.length) return new Map<string, { id: number; enabledFlag: number }>()
  const rows = await db
    .selectFrom('iamRole')
    .select(['id', 'code', 'enabledFlag'])
    .where('tenantId', '=', tenantId)
    .where('code', 'in', codes)
    .execute()
  return new Map(rows.map((r) => [r.code, { id: Number(r.id), enabledFlag: Number(r.enabledFlag) }]))
}

const base = {
  tenantScoped: true,
  serverWritten: false,
} as const

export const USER_TARGET_FIELDS: ModelSchema['fields'] = [
  {
    name: 'loginName',
    type: 'string',
    label: 'Login name',
    required: true,
    maxLength: 60,
    pattern: '^[A-Za-z0-9_.@-]{2,60}$',
  },
  { name: 'realName', type: 'string', label: 'Name', required: true, maxLength: 120 },
  { name: 'password', type: 'string', label: 'First password', required: true, maxLength: 100 },
  {
    name: 'email',
    type: 'string',
    label: 'E-mail',
    maxLength: 120,
    pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  },
  { name: 'phone', type: 'string', label: 'Phone', maxLength: 30, pattern: '^[0-9+() -]{5,30}$' },
  // Codes of the tenant's roles, separated by commas.
  {
    name: 'roleCodes',
    type: 'string',
    label: 'Roles',
    required: true,
    maxLength: 600,
  },
  {
    name: 'language',
    type: 'string',
    label: 'Language',
    maxLength: 10,
    pattern: `^(${LANGUAGES.join('|')})$`,
  },
  { name: 'timeZone', type: 'string', label: 'Time zone', maxLength: 10, pattern: '^GMT[+-]([0-9]|1[0-4])$' },
  { name: 'enabledFlag', type: 'flag', label: 'Enabled' },
]

export function userTarget(config: Pick<AppConfig, 'maxFailedSignIns' | 'lockSeconds' | 'now'>): CodeTarget {
  return {
    model: {
      ...base,
      service: 'hiam',
      entity: 'user',
      resource: 'users',
      table: 'iam_user',
      primaryKey: 'userId',
      description: "Users of the importing tenant with their first password and the tenant's roles.",
      fields: USER_TARGET_FIELDS,
      permissions: { create: 'hiam.subAccount.button.create' },
    } as ModelSchema,
    extraCodes: ['hiam.subAccount.button.assign'],
    async prepare(db, session, data, previous) {
      const password = text(data.password)
      if (!password) return data
      if (password === PASSWORD_MASK) {
        if (typeof previous?._passwordHash !== 'string') return { ...data, password: undefined }
        return {
          ...data,
          _passwordHash: previous._passwordHash,
          ...(previous._passwordProblem ? { _passwordProblem: previous._passwordProblem } : {}),
        }
      }
      const policy = await readPasswordPolicy(db, config, session.tenantId)
      const problems = passwordProblems(password, text(data.loginName), policy)
      return {
        ...data,
        password: PASSWORD_MASK,
        _passwordHash: await hashPassword(password),
        ...(problems.length
          ? {
              _passwordProblem: `The password needs ${problems.map((p) => p.message).join(', ')} (password policy of this tenant): type a new one`,
            }
          : {}),
      }
    },
    async check(db, session, lines) {
      const { errors, add } = errorsOf()
      const logins = lines.map((l) => text(l.data.loginName)).filter(Boolean)
      const taken = new Set(
        logins.length
          ? (
              await db.selectFrom('iamUser').select('loginName').where('loginName', 'in', logins).execute()
            ).map((u) => u.loginName)
          : [],
      )
      const roles = await rolesByCode(db, session.tenantId, [
        ...new Set(lines.flatMap((l) => codeList(l.data.roleCodes))),
      ])
      const seen = new Map<string, number>()
      for (const line of lines) {
        const login = text(line.data.loginName)
        if (login) {
          const first = seen.get(login.toLowerCase())
          if (first !== undefined)
            add(line.lineId, 'loginName', `Login name ${login} repeats row ${first} of the file`)
          else seen.set(login.toLowerCase(), line.rowNumber)
          if (taken.has(login))
            add(line.lineId, 'loginName', `Login name ${login} is already used: choose another`)
        }
        if (text(line.data.password) && typeof line.data._passwordHash !== 'string')
          add(line.lineId, 'password', 'The password was not received: type it again')
        else if (line.data._passwordProblem) add(line.lineId, 'password', text(line.data._passwordProblem))
        for (const code of codeList(line.data.roleCodes)) {
          const role = roles.get(code)
          if (!role)
            add(
              line.lineId,
              'roleCodes',
              `Role ${code} does not exist in this tenant: create it on /hiam/role first`,
            )
          else if (role.enabledFlag !== 1)
            add(line.lineId, 'roleCodes', `Role ${code} is disabled: enable it on /hiam/role or name another`)
        }
      }
      return errors
    },
    async create(db, session, data) {
      const tenantId = session.tenantId
      const codes = codeList(data.roleCodes)
      const roles = await rolesByCode(db, tenantId, codes)
      const created = await db
        .insertInto('iamUser')
        .values({
          loginName: text(data.loginName),
          realName: text(data.realName),
          email: text(data.email) || null,
          phone: text(data.phone) || null,
          passwordHash: text(data._passwordHash),
          organizationId: tenantId,
          defaultTenantId: tenantId,
          language: text(data.language) || 'zh_CN',
          timeZone: text(data.timeZone) || 'GMT+8',
          enabledFlag:
            data.enabledFlag === undefined || data.enabledFlag === null ? 1 : Number(data.enabledFlag),
          lockedUntil: null,
          passwordChangedAt: config.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const userId = Number(created.id)
      for (const code of codes) {
        const role = roles.get(code)
        if (!role)
          throw badRequest(`Role ${code} does not exist in this tenant: create it on /hiam/role first.`)
        await db.insertInto('iamMemberRole').values({ userId, roleId: role.id }).execute()
      }
      return userId
    },
  }
}

export const ROLE_TARGET_FIELDS: ModelSchema['fields'] = [
  {
    name: 'roleCode',
    type: 'string',
    label: 'Role code',
    required: true,
    maxLength: 60,
    pattern: '^[a-z][a-z0-9-]*$',
  },
  { name: 'roleName', type: 'string', label: 'Role name', maxLength: 120 },
  { name: 'parentRoleCode', type: 'string', label: 'Parent role code', maxLength: 60 },
  { name: 'loginName', type: 'string', label: 'Login name', maxLength: 60 },
]

/**
 * Role rows: roleCode names a role of the tenant; a code that does not exist yet is created (roleName then
 * required, parentRoleCode optional and must exist or be created by an earlier row); loginName, when given,
 * is a user of the tenant who gets the role (holding it already is reported, not repeated).
 */
export function roleTarget(): CodeTarget {
  return {
    model: {
      ...base,
      service: 'hiam',
      entity: 'memberRole',
      resource: 'member-roles',
      table: 'iam_member_role',
      primaryKey: 'roleId',
      description: 'Roles of the importing tenant (created when new) and their assignment to users.',
      fields: ROLE_TARGET_FIELDS,
      permissions: { create: 'hiam.subAccount.button.assign' },
    } as ModelSchema,
    extraCodes: ['hiam.role.button.create'],
    async check(db, session, lines) {
      const { errors, add } = errorsOf()
      const tenantId = session.tenantId
      const codes = [
        ...new Set(
          lines.flatMap((l) => [text(l.data.roleCode), text(l.data.parentRoleCode)]).filter(Boolean),
        ),
      ]
      const existing = await rolesByCode(db, tenantId, codes)
      const logins = [...new Set(lines.map((l) => text(l.data.loginName)).filter(Boolean))]
      const users = new Map(
        logins.length
          ? (
              await db
                .selectFrom('iamUser as u')
                .select(['u.id', 'u.loginName'])
                .where('u.loginName', 'in', logins)
                .where(isUserOfTenant(tenantId))
                .execute()
            ).map((u) => [u.loginName, Number(u.id)])
          : [],
      )
      const held = new Set(
        users.size && existing.size
          ? (
              await db
                .selectFrom('iamMemberRole')
                .select(['userId', 'roleId'])
                .where('userId', 'in', [...users.values()])
                .where(
                  'roleId',
                  'in',
                  [...existing.values()].map((r) => r.id),
                )
                .execute()
            ).map((m) => `${Number(m.userId)}-${Number(m.roleId)}`)
          : [],
      )
      const createdByFile = new Set<string>()
      const pairs = new Map<string, number>()
      for (const line of lines) {
        const code = text(line.data.roleCode)
        const login = text(line.data.loginName)
        const parent = text(line.data.parentRoleCode)
        if (!code) continue
        const role = existing.get(code)
        if (!role && !createdByFile.has(code)) {
          if (!text(line.data.roleName))
            add(line.lineId, 'roleName', `Role ${code} is new: give its name so it can be created`)
          if (parent && !existing.has(parent) && !createdByFile.has(parent))
            add(
              line.lineId,
              'parentRoleCode',
              `Parent role ${parent} does not exist in this tenant (nor in an earlier row of the file)`,
            )
          createdByFile.add(code)
        } else if (role && role.enabledFlag !== 1) {
          add(line.lineId, 'roleCode', `Role ${code} is disabled: enable it on /hiam/role first`)
        }
        if (!login && role)
          add(line.lineId, 'loginName', `Role ${code} exists already: name the user who gets it`)
        if (login) {
          const userId = users.get(login)
          if (userId === undefined)
            add(line.lineId, 'loginName', `User ${login} is not a user of this tenant: check the login name`)
          else if (role && held.has(`${userId}-${role.id}`))
            add(line.lineId, 'loginName', `User ${login} holds role ${code} already`)
          const pair = `${login}\u0000${code}`
          const first = pairs.get(pair)
          if (first !== undefined)
            add(line.lineId, 'loginName', `User ${login} + role ${code} repeats row ${first} of the file`)
          else pairs.set(pair, line.rowNumber)
        }
      }
      return errors
    },
    async create(db, session, data) {
      const tenantId = session.tenantId
      const code = text(data.roleCode)
      let role = (await rolesByCode(db, tenantId, [code])).get(code)
      if (!role) {
        const parent = text(data.parentRoleCode)
        const parentRole = parent ? (await rolesByCode(db, tenantId, [parent])).get(parent) : undefined
        if (parent && !parentRole)
          throw badRequest(
            `Parent role ${parent} does not exist in this tenant: enter the code of an existing role.`,
          )
        const name = text(data.roleName)
        const created = await db
          .insertInto('iamRole')
          .values({
            code,
            names: JSON.stringify(Object.fromEntries(LANGUAGES.map((lang) => [lang, name]))),
            level: 'organization',
            tenantId,
            description: null,
            enabledFlag: 1,
            parentRoleId: parentRole?.id ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        role = { id: Number(created.id), enabledFlag: 1 }
      }
      const login = text(data.loginName)
      if (login) {
        const user = await db
          .selectFrom('iamUser')
          .select('id')
          .where('loginName', '=', login)
          .executeTakeFirst()
        if (!user) throw badRequest(`User ${login} does not exist: check the login name.`)
        await db
          .insertInto('iamMemberRole')
          .values({ userId: Number(user.id), roleId: role.id })
          .onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing())
          .execute()
      }
      return role.id
    },
  }
}

export const codeTargets = (
  config: Pick<AppConfig, 'maxFailedSignIns' | 'lockSeconds' | 'now'>,
): CodeTarget[] => [userTarget(config), roleTarget()]
