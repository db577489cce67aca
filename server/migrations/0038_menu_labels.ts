import { sql, type Kysely } from 'kysely'

/** MENU labels are put on menu entries too (hiam routes-menus.ts): hiam_label_assignment takes target MENU. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hiam_label_assignment drop constraint hiam_label_assignment_target_type_check`.execute(
    db,
  )
  await sql`alter table hiam_label_assignment add constraint hiam_label_assignment_target_type_check
    check (target_type in ('USER', 'ROLE', 'MENU'))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from hiam_label_assignment where target_type = 'MENU'`.execute(db)
  await sql`alter table hiam_label_assignment drop constraint hiam_label_assignment_target_type_check`.execute(
    db,
  )
  await sql`alter table hiam_label_assignment add constraint hiam_label_assignment_target_type_check
    check (target_type in ('USER', 'ROLE'))`.execute(db)
}
