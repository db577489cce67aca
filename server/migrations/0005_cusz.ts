import { sql, type Kysely } from 'kysely'

/**
 * Personal settings of a user: filter templates per menu page (cusz-query-user-template) and column
 * personalisation per table code (cusz-infos). Both keyed by tenant and user; versions for optimistic locking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cusz_query_user_template (
      id bigserial primary key,
      tenant_id bigint not null,
      user_id bigint not null,
      menu_id bigint not null,
      template_name varchar(120) not null,
      is_default smallint not null default 0,
      template_content jsonb not null,
      object_version_number integer not null default 1,
      creation_date timestamp(0) not null default localtimestamp(0),
      last_update_date timestamp(0) not null default localtimestamp(0),
      unique (tenant_id, user_id, menu_id, template_name)
    );
    create unique index cusz_query_user_template_one_default
      on cusz_query_user_template (tenant_id, user_id, menu_id) where is_default = 1;
    create table cusz_info (
      id bigserial primary key,
      tenant_id bigint not null,
      user_id bigint not null,
      menu_id bigint,
      cusz_code varchar(240) not null,
      cusz_info text not null,
      object_version_number integer not null default 1,
      creation_date timestamp(0) not null default localtimestamp(0),
      last_update_date timestamp(0) not null default localtimestamp(0),
      unique (tenant_id, user_id, cusz_code)
    );
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cusz_info, cusz_query_user_template`.execute(db)
}
