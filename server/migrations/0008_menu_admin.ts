import { sql, type Kysely } from 'kysely'

/**
 * Menus become editable through the API (POST/PUT /iam/hzero/v1/menus): an optimistic lock on each menu, and
 * the menu's permission set (codes granted with the menu to the roles it is assigned to, HZERO's "permission
 * set" idea) so an update can show and extend what the menu carries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table iam_menu add column object_version_number integer not null default 1;
    create table iam_menu_permission (
      menu_id bigint not null references iam_menu(id),
      code varchar(200) not null references iam_permission(code),
      primary key (menu_id, code)
    );
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table iam_menu_permission;
    alter table iam_menu drop column object_version_number;
  `.execute(db)
}
