/**
 * The personal centre and the shell's per-user settings (DESIGN: HZERO keeps these on the user; the paths
 * follow its `users/...` naming). Every route acts on the signed-in user only, so no permission code guards
 * them: a user may always change their own profile.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import {
  DATE_FORMATS,
  isTimeZone,
  MENU_LAYOUTS,
  PASSWORD_POLICY,
  passwordProblems,
  TIME_FORMATS,
} from '../../../renderer/contract/user-preferences.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { readPasswordPolicy } from '../hiam/password-policy.ts'
import { hashPassword, verifyPassword } from '../oauth/passwords.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { NoBody } from '../../schemas.ts'

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)))

/** PLAT-SET-13: the layout settings the drawer changes; the server keeps them as the browser sent them. */
export const LayoutSettingsBody = Type.Object(
  {
    navTheme: literals(['light', 'dark']),
    primaryColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    layout: literals(['sidemenu', 'topmenu']),
    contentWidth: literals(['Fluid', 'Fixed']),
    fixedHeader: Type.Boolean(),
    fixSiderbar: Type.Boolean(),
    colorWeak: Type.Boolean(),
    title: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
)
const ProfileBody = Type.Object(
  {
    realName: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 120 }), Type.Literal('')])),
  },
  { additionalProperties: false },
)
const FormatsBody = Type.Object(
  { dateFormat: literals(DATE_FORMATS), timeFormat: literals(TIME_FORMATS) },
  { additionalProperties: false },
)
const PasswordBody = Type.Object(
  { originalPassword: Type.String({ minLength: 1 }), password: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
)
const TimeZoneQuery = Type.Object({ timeZone: Type.String() }, { additionalProperties: false })
const MenuLayoutQuery = Type.Object({ menuLayout: literals(MENU_LAYOUTS) }, { additionalProperties: false })
const NoQuery = Type.Object({}, { additionalProperties: false })

type Preference = {
  dateFormat?: string
  dateTimeFormat?: string
  timeFormat?: string
  menuLayout?: string
  layoutSettings?: string
}

/** Creates or updates the user's preference row with `values`. */
async function savePreference(db: Db, userId: number, values: Preference): Promise<void> {
  await db
    .insertInto('iamUserPreference')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, lastUpdateDate: new Date() }))
    .execute()
}

export const preferenceRoutes: TypedPlugin = async (app) => {
  app.get(
    '/api/iam/hzero/v1/users/self/layout-settings',
    { schema: { querystring: NoQuery } },
    async (request) => {
      const row = await app.db
        .selectFrom('iamUserPreference')
        .select('layoutSettings')
        .where('userId', '=', sessionOf(request).userId)
        .executeTakeFirst()
      // No saved settings yet: an empty object, and the browser applies the defaults (PLAT-SET-14).
      return row?.layoutSettings ?? {}
    },
  )

  app.put(
    '/api/iam/hzero/v1/users/self/layout-settings',
    { schema: { body: LayoutSettingsBody } },
    async (request) => {
      const settings = request.body
      await savePreference(app.db, sessionOf(request).userId, { layoutSettings: JSON.stringify(settings) })
      return settings
    },
  )

  app.put('/api/iam/hzero/v1/users/self', { schema: { body: ProfileBody } }, async (request) => {
    const { realName, email } = request.body
    const name = realName.trim()
    if (!name) throw badRequest('The name is blank: enter the name others should see.', { realName: 'blank' })
    await app.db
      .updateTable('iamUser')
      .set((eb) => ({
        realName: name,
        email: email || null,
        objectVersionNumber: eb('objectVersionNumber', '+', 1),
      }))
      .where('id', '=', sessionOf(request).userId)
      .execute()
    return { realName: name, email: email || undefined }
  })

  app.put('/api/iam/hzero/v1/users/self/date-formats', { schema: { body: FormatsBody } }, async (request) => {
    const { dateFormat, timeFormat } = request.body
    const dateTimeFormat = `${dateFormat} ${timeFormat}`
    await savePreference(app.db, sessionOf(request).userId, { dateFormat, timeFormat, dateTimeFormat })
    return { dateFormat, timeFormat, dateTimeFormat }
  })

  app.put(
    '/api/iam/hzero/v1/users/time-zone',
    { schema: { body: NoBody, querystring: TimeZoneQuery } },
    async (request) => {
      const { timeZone } = request.query
      if (!isTimeZone(timeZone))
        throw badRequest(
          `Unknown time zone '${timeZone}': use GMT+8, GMT-5 or GMT+5:30 (GMT-12 to GMT+14).`,
          {
            timeZone: 'invalid',
          },
        )
      await app.db
        .updateTable('iamUser')
        .set({ timeZone })
        .where('id', '=', sessionOf(request).userId)
        .execute()
      return { timeZone }
    },
  )

  app.put(
    '/api/iam/hzero/v1/users/self/menu-layout',
    { schema: { body: NoBody, querystring: MenuLayoutQuery } },
    async (request) => {
      const { menuLayout } = request.query
      await savePreference(app.db, sessionOf(request).userId, { menuLayout })
      return { menuLayout }
    },
  )

  // The policy of the user's own tenant (hiam password-policy screen), defaults when none is saved.
  const policyOf = async (userId: number) => {
    const user = await app.db
      .selectFrom('iamUser')
      .select('organizationId')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return readPasswordPolicy(app.db, app.config, user.organizationId)
  }

  app.get(
    '/api/iam/hzero/v1/users/password-policy',
    { schema: { querystring: NoQuery } },
    async (request) => {
      const policy = await policyOf(sessionOf(request).userId)
      return Object.fromEntries(
        (Object.keys(PASSWORD_POLICY) as Array<keyof typeof PASSWORD_POLICY>).map((key) => [
          key,
          policy[key],
        ]),
      )
    },
  )

  app.put('/api/iam/hzero/v1/users/password', { schema: { body: PasswordBody } }, async (request) => {
    const session = sessionOf(request)
    const { originalPassword, password } = request.body
    const user = await app.db
      .selectFrom('iamUser')
      .select(['loginName', 'passwordHash'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow()
    if (!(await verifyPassword(originalPassword, user.passwordHash)))
      throw badRequest('The current password is wrong: enter the password you signed in with.', {
        originalPassword: 'wrong',
      })
    if (originalPassword === password)
      throw badRequest('The new password is the same as the current one: choose a different password.', {
        password: 'unchanged',
      })
    const problems = passwordProblems(password, user.loginName, await policyOf(session.userId))
    if (problems.length)
      throw badRequest(
        `The new password needs ${problems.map((p) => p.message).join(', ')}: enter one that does.`,
        {
          password: problems.map((p) => p.rule).join(','),
        },
      )
    await app.db
      .updateTable('iamUser')
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: app.config.now() })
      .where('id', '=', session.userId)
      .execute()
    return { changed: true }
  })
}
