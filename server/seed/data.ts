import type { Texts } from '../db/schema.ts'
import { projectPath } from '../paths.ts'
import { readSeedSet } from './seed-files.ts'

/** The seed's folder: server/seed/data. */
export const seedDataDir = projectPath('server', 'seed', 'data')

/**
 * Seed data as JSON files in server/seed/data: `<set>.json` and/or `<set>/*.json` per module (seed-files.ts).
 * Other tools read them too, e.g. the value-set codes for the schema checks.
 */
const read = <T>(name: string, dir = seedDataDir): T => {
  const set = readSeedSet<T>(dir, name.replace(/\.json$/, ''))
  if (set === undefined)
    throw new Error(
      dir === seedDataDir
        ? `server/seed/data/${name} is missing: the seed needs it.`
        : `${name} is missing in the seed folder ${dir}: the seed needs it.`,
    )
  return set
}

export interface SeedUser {
  id: number
  loginName: string
  password: string
  realName: string
  email?: string
  organizationId: number
  defaultTenantId: number
  roleIds: number[]
}
export interface SeedRole {
  id: number
  code: string
  level: 'site' | 'organization'
  tenantId: number
  name: Texts
  permissions: '*' | string[]
}
export interface SeedMenu {
  id: number
  code: string
  type: string
  parentId: number
  sort: number
  icon?: string
  route?: string
  quickIndex?: string
  level?: string
  /** PLAT-SHELL-11: e.g. `_blank` */
  target?: string
  /** PLAT-SHELL-10: the entry's badge */
  tag?: { dot?: boolean; content?: string; type?: string }
  name: Texts
  roles: string[]
}
export type SeedLookups = Record<
  string,
  {
    name: Texts
    values: Array<{ value: string; meaning: Texts; tag?: string; description?: string; parentValue?: string }>
  }
>

/** The entries of a seed set, refusing two with the same key (the files of a set are written by different modules). */
function unique<T>(entries: T[], set: string, keyOf: (entry: T) => string): T[] {
  const seen = new Set<string>()
  for (const entry of entries) {
    const key = keyOf(entry)
    if (seen.has(key))
      throw new Error(
        `server/seed/data/${set}: '${key}' is defined twice (base file or ${set}/*.json): keep one, or pick an unused id.`,
      )
    seen.add(key)
  }
  return entries
}

export const seedData = {
  tenants: () => read<Array<{ id: number; tenantNum: string; tenantName: string }>>('tenants.json'),
  /** `roles`: role codes granted the code besides the roles' own lists (so a module's file grants its codes). */
  permissions: () =>
    unique(
      read<Array<{ code: string; controllerType?: string; roles?: string[] }>>('permissions.json'),
      'permissions',
      (permission) => permission.code,
    ),
  roles: () => read<SeedRole[]>('roles.json'),
  users: () => read<SeedUser[]>('users.json'),
  menus: () => unique(read<SeedMenu[]>('menus.json'), 'menus', (menu) => String(menu.id)),
  lookups: () => read<SeedLookups>('lookups.json'),
  codeRules: () =>
    read<
      Array<{
        tenantId: number
        ruleCode: string
        prefix: string
        dateFormat: string
        sequenceLength: number
        resetPerDay: boolean
      }>
    >('code-rules.json'),
  oauthClients: () => read<Array<{ clientId: string; redirectOrigins: string[] }>>('oauth-clients.json'),
  prompts: () =>
    read<Array<{ tenantId?: number; promptKey: string; lang: string; description: string }>>('prompts.json'),
}

/**
 * What models may refer to: value-set codes and code-rule codes of the seed files in `dir` (a server's
 * `config.seedDataDir`; the repository's folder by default), read as they are now.
 */
export function seedReferences(dir = seedDataDir) {
  return {
    lookupCodes: new Set(Object.keys(read<SeedLookups>('lookups.json', dir))),
    codeRules: new Set(
      read<Array<{ ruleCode: string }>>('code-rules.json', dir).map((rule) => rule.ruleCode),
    ),
  }
}
