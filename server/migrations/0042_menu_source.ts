import { sql, type Kysely } from 'kysely'

/**
 * Menu entries declared by page files (issue 22, server/modules/lowcode/page-menu.ts). `source_file`: the page
 * file that declares the entry (null: made in the menu screens or seeded). `source_hash`: the entry as the file
 * last wrote it; when the row no longer matches it, an administrator changed it and the file stops updating
 * it. `grants_hash`: the file's grants as last applied, so a grant an administrator took away is not given
 * back on every start, only when the file's grants change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table iam_menu add column source_file varchar(400)`.execute(db)
  await sql`alter table iam_menu add column source_hash varchar(64)`.execute(db)
  await sql`alter table iam_menu add column grants_hash varchar(64)`.execute(db)
  await sql`create unique index iam_menu_source_file_idx on iam_menu (source_file)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index iam_menu_source_file_idx`.execute(db)
  await sql`alter table iam_menu drop column grants_hash`.execute(db)
  await sql`alter table iam_menu drop column source_hash`.execute(db)
  await sql`alter table iam_menu drop column source_file`.execute(db)
}
