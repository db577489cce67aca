import { sql, type Kysely } from 'kysely'

/**
 * iam_menu.tenant_id: whose menu entry it is. 0 = the site's, shared by every tenant (every seeded menu) and
 * written only by a site-level role; otherwise the tenant that created it, which alone sees and edits it
 * (server/modules/iam/menu-scope.ts). Before, one tree served every tenant, so a tenant administrator's edit
 * changed every tenant's menus.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table iam_menu add column tenant_id bigint not null default 0`.execute(db)
  await sql`create index iam_menu_tenant_idx on iam_menu (tenant_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table iam_menu drop column tenant_id`.execute(db)
}
