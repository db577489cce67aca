import { sql, type Kysely } from 'kysely'

/**
 * The shell's per-user preferences (PLAT-SET layout settings, CORE-I18N-06 date formats, the side menu
 * style) and two menu columns the shell shows: an entry's tag (PLAT-SHELL-10) and its target (PLAT-SHELL-11).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table iam_user_preference (
      user_id bigint primary key references iam_user(id) on delete cascade,
      date_format varchar(30),
      date_time_format varchar(40),
      time_format varchar(30),
      menu_layout varchar(20),
      layout_settings jsonb,
      last_update_date timestamptz not null default now()
    );
    alter table iam_menu add column target varchar(20), add column tag jsonb;
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table iam_menu drop column target, drop column tag;
    drop table iam_user_preference;
  `.execute(db)
}
