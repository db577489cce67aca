/**
 * The Storybook toolbar's language and role switchers (.storybook/preview.tsx): applied to the environment a
 * story built, so a developer sees a page as zh_TW or as the dealer (jxs) sees it. Roles are the seed's own
 * (server/seed/data/roles.json): a role is denied every permission code it does not hold, exactly as the
 * server's check-permissions answers for it.
 */
import type { Language } from '../../renderer/contract/wire'
import roles from '../../server/seed/data/roles.json'
import type { FakeEnv } from './fake-env'

/** Toolbar role → the seed role it stands for. */
export const STORY_ROLES = { admin: 'tenant-admin', clerk: 'wh-clerk', jxs: 'jxs' } as const
export type StoryRole = keyof typeof STORY_ROLES

export interface StoryGlobals {
  /** Unset: the story's own language. */
  locale?: Language
  /** Unset: the story's own permission answers. */
  role?: StoryRole
}

const CHECK_PERMISSIONS = 'POST iam /hzero/v1/menus/check-permissions'

/** Whether the seed role holds `code` ('*' holds every code). */
export function roleHolds(role: StoryRole, code: string): boolean {
  const seed = roles.find((r) => r.code === STORY_ROLES[role])
  if (!seed) throw new Error(`roles.json has no role ${STORY_ROLES[role]} for the toolbar role ${role}`)
  return seed.permissions === '*' || (Array.isArray(seed.permissions) && seed.permissions.includes(code))
}

type PermissionAnswer = { code: string; approve: boolean; controllerType?: string | null }

/**
 * Sets the language (of the session and of the env's i18next) and narrows the permission answers of `env` to
 * what the role holds (in place): the check-permissions fixture is wrapped, so the narrowed answer travels
 * through the client like any other.
 */
export function applyGlobals(env: FakeEnv, globals: StoryGlobals): FakeEnv {
  if (globals.locale) {
    env.user = { ...env.user, language: globals.locale }
    void env.i18n.changeLanguage(globals.locale)
  }
  const role = globals.role
  const check = env.handlers[CHECK_PERMISSIONS]
  if (role && check) {
    env.handlers[CHECK_PERMISSIONS] = async (request, current) => {
      const answer = (await check(request, current)) as unknown
      if (!Array.isArray(answer)) return answer
      return (answer as PermissionAnswer[]).map((a) => ({
        ...a,
        approve: a.approve && roleHolds(role, a.code),
      }))
    }
  }
  return env
}
