/**
 * What the user-group and domain-config screens write is checked so that the places reading it can rely on it:
 * a group's members are users of the tenant (GROUP message receivers, hmsg/template-send.ts), and a domain's
 * LOGIN template is one the sign-in page has (oauth/login-page.ts LOGIN_TEMPLATES), and its INDEX template (the
 * home page of the users who sign in on its host, users/self `homePath`) is a page of the app: /workplace or the
 * route of a menu page.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { modelDb } from '../models/model-scope.ts'
import { LOGIN_TEMPLATES } from '../oauth/login-page.ts'
import { menuTenantsOf } from '../iam/menu-scope.ts'
import { isUserOfTenant } from './tenant-users.ts'

/** The shell's home when no domain names one (src/routes/home.ts). */
const WORKPLACE_PATH = '/workplace'

/** The routes a domain's home page may be: /workplace and the route (without query) of every menu page the tenant sees. */
async function homeRoutes(db: Db, tenantId: number): Promise<string[]> {
  const menus = await db
    .selectFrom('iamMenu')
    .select('route')
    .where('type', '=', 'menu')
    .where('tenantId', 'in', menuTenantsOf(tenantId))
    .where('route', 'is not', null)
    .orderBy('route')
    .execute()
  const routes = menus.map((m) => String(m.route).split('?')[0] ?? '').filter((r) => r.startsWith('/'))
  return [WORKPLACE_PATH, ...new Set(routes)]
}

/** Users of a tenant: its own users and everyone holding one of its roles. */
async function tenantUserIds(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db
    .selectFrom('iamUser as u')
    .select('u.id')
    .where('u.id', 'in', ids)
    .where(isUserOfTenant(tenantId))
    .execute()
  return new Set(rows.map((r) => Number(r.id)))
}

export const identitySettingBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'iam/user-group',
    writeGuards: [
      async ({ db, session, op, values }) => {
        if (op === 'delete' || values.memberUserIds === undefined || values.memberUserIds === null) return
        const text = String(values.memberUserIds)
        const parts = text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
        const bad = parts.filter((part) => !/^[1-9][0-9]{0,17}$/.test(part))
        if (bad.length)
          throw badRequest(
            `Members must be user ids separated by commas: ${bad.join(', ')} is not one; enter ids such as 3,7,12.`,
            {
              memberUserIds: 'user ids separated by commas',
            },
          )
        const ids = [...new Set(parts.map(Number))]
        const known = await tenantUserIds(db, session.tenantId, ids)
        const strangers = ids.filter((id) => !known.has(id))
        if (strangers.length)
          throw badRequest(
            `Users ${strangers.join(', ')} are not users of this tenant: pick members among the tenant's users.`,
            { memberUserIds: 'not users of the tenant' },
          )
        values.memberUserIds = ids.join(',')
      },
    ],
  }),
  modelBehaviour({
    model: 'iam/domain-template',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        let { templateType: type, templatePath: path } = values
        if (op === 'update' && (type === undefined || path === undefined)) {
          const current = (await modelDb(db)
            .selectFrom('hiam_domain_template')
            .select(['templateType', 'templatePath'])
            .where('tenantId', '=', session.tenantId)
            .where('templateAssignId', '=', Number(body.templateAssignId))
            .executeTakeFirst()) as { templateType?: string; templatePath?: string } | undefined
          type ??= current?.templateType
          path ??= current?.templatePath
        }
        if (type === 'LOGIN' && !(String(path) in LOGIN_TEMPLATES))
          throw badRequest(
            `The sign-in page has no template '${String(path)}': use ${Object.keys(LOGIN_TEMPLATES).join(' or ')}.`,
            { templatePath: `one of ${Object.keys(LOGIN_TEMPLATES).join(', ')}` },
          )
        if (type === 'INDEX') {
          const routes = await homeRoutes(db, session.tenantId)
          if (!routes.includes(String(path)))
            throw badRequest(
              `The app has no page '${String(path)}' to be the home page: give /workplace or the route of a menu page as the Menus screen (/hiam/menu) shows it, such as ${routes.slice(1, 4).join(', ')}.`,
              { templatePath: '/workplace or the route of a menu page' },
            )
        }
      },
    ],
  }),
]
