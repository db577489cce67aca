import type { Migration } from 'kysely'
import * as identity from './0001_identity.ts'
import * as platform from './0002_platform.ts'
import * as menuAdmin from './0008_menu_admin.ts'

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the set is the same under tsx,
 * a bundler and the test runner. Add a file `000N_what.ts` with `up`/`down` and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_platform': platform,
  '0008_menu_admin': menuAdmin,
}
