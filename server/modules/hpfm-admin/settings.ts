/**
 * What the app reads of the tenant's configuration (/hpfm/config) and profiles (/hpfm/profile-org): users/self
 * answers the title, logo, favicon and the defaults of formats and menu layout from here, so a change shows at
 * the next sign-in or reload.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { MENU_LAYOUTS, type MenuLayout } from '../../../renderer/contract/user-preferences.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import './tables.ts'

const isMenuLayout = (value: unknown): value is MenuLayout =>
  (MENU_LAYOUTS as readonly unknown[]).includes(value)

/** The first of the candidates (user's choice, profile, tenant setting) that is a layout the shell has. */
export const menuLayoutOf = (...candidates: unknown[]): MenuLayout =>
  candidates.find(isMenuLayout) ?? 'inline'

function checkMenuLayout(value: unknown, field: string) {
  if (value === undefined || value === null || value === '' || isMenuLayout(value)) return
  throw badRequest(
    `Menu layout '${String(value)}' is not a layout of the app: use ${MENU_LAYOUTS.join(' (menu beside the page) or ')} (top bar of modules, their menus beside the page), or leave it empty for the default.`,
    { [field]: `one of ${MENU_LAYOUTS.join(', ')}` },
  )
}

/**
 * A MENU_LAYOUT setting or profile holds a layout the shell knows (MENU_LAYOUTS): another value is refused
 * on create and update (batch-save and import included, they share the write path).
 */
export const settingBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'hpfm/config',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete' || values.configValue === undefined) return
        let code = values.configCode
        if (code === undefined) {
          const current = await db
            .selectFrom('hpfmConfig')
            .select('configCode')
            .where('tenantId', '=', session.tenantId)
            .where('configId', '=', Number(body.configId))
            .executeTakeFirst()
          code = current?.configCode
        }
        if (code === 'MENU_LAYOUT') checkMenuLayout(values.configValue, 'configValue')
      },
    ],
  }),
  modelBehaviour({
    model: 'hpfm/profile-value',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let { profileName: name, profileValue: value } = values
        if (op === 'update' && (name === undefined || value === undefined)) {
          const current = await db
            .selectFrom('hpfmProfileValue')
            .select(['profileName', 'profileValue'])
            .where('tenantId', '=', session.tenantId)
            .where('profileValueId', '=', Number(body.profileValueId))
            .executeTakeFirst()
          name ??= current?.profileName
          value ??= current?.profileValue
        }
        if (name === 'MENU_LAYOUT') checkMenuLayout(value, 'profileValue')
      },
    ],
  }),
]

/** configCode → value of the tenant's configuration (empty values left out). */
export async function tenantConfig(db: Db, tenantId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('hpfmConfig')
    .select(['configCode', 'configValue'])
    .where('tenantId', '=', tenantId)
    .execute()
  return Object.fromEntries(
    rows.filter((row) => row.configValue).map((row) => [row.configCode, row.configValue as string]),
  )
}

export interface EffectiveProfile {
  profileName: string
  profileValue: string
  levelCode: 'TENANT' | 'ROLE' | 'USER'
  levelValue: string
}

const RANK = { USER: 3, ROLE: 2, TENANT: 1 } as const

/** Every profile's value for the session: USER (login name) over ROLE (role code) over TENANT. */
export async function effectiveProfiles(db: Db, session: Session): Promise<EffectiveProfile[]> {
  const user = await db
    .selectFrom('iamUser')
    .select('loginName')
    .where('id', '=', session.userId)
    .executeTakeFirst()
  const rows = await db
    .selectFrom('hpfmProfileValue')
    .select(['profileName', 'profileValue', 'levelCode', 'levelValue'])
    .where('tenantId', '=', session.tenantId)
    .execute()
  const best = new Map<string, EffectiveProfile>()
  for (const row of rows) {
    const applies =
      row.levelCode === 'TENANT' ||
      (row.levelCode === 'ROLE' && row.levelValue === session.roleCode) ||
      (row.levelCode === 'USER' && row.levelValue === user?.loginName)
    if (!applies || !(row.levelCode in RANK)) continue
    const level = row.levelCode as keyof typeof RANK
    const known = best.get(row.profileName)
    if (!known || RANK[level] > RANK[known.levelCode]) best.set(row.profileName, { ...row, levelCode: level })
  }
  return [...best.values()].sort((a, b) => a.profileName.localeCompare(b.profileName))
}

/** The profile values as a map name → value. */
export async function profileMap(db: Db, session: Session): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await effectiveProfiles(db, session)).map((profile) => [profile.profileName, profile.profileValue]),
  )
}
