import { sql, type Kysely } from 'kysely'

/**
 * Lov views (value-list pickers): a header per view, its query fields (the popup's search form) and its table
 * columns. tenant_id 0 holds the site-wide definition; a tenant's own row of the same view_code overrides it.
 * `sql_text` of an SQL-type view is a server-side definition only: requests bind values, never SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hpfm_lov_view (
      tenant_id bigint not null default 0,
      view_code varchar(120) not null,
      view_names jsonb not null,
      lov_code varchar(120) not null,
      lov_names jsonb not null,
      lov_type_code varchar(10) not null check (lov_type_code in ('IDP', 'SQL', 'URL')),
      query_url varchar(480),
      request_method varchar(10) not null default 'GET' check (request_method in ('GET', 'POST')),
      sql_text text,
      sort_field varchar(60),
      value_field varchar(60) not null,
      display_field varchar(60) not null,
      titles jsonb not null,
      width integer not null default 720,
      height integer,
      page_size integer not null default 50,
      delay_load_flag smallint not null default 0,
      children_field_name varchar(60),
      enabled_flag smallint not null default 1,
      object_version_number integer not null default 1,
      primary key (tenant_id, view_code)
    );
    create index hpfm_lov_view_lov_code on hpfm_lov_view (lov_code, tenant_id);
    create table hpfm_lov_view_query_field (
      tenant_id bigint not null default 0,
      view_code varchar(120) not null,
      seq integer not null,
      field varchar(60) not null,
      labels jsonb not null,
      data_type varchar(20) not null default 'STRING',
      source_code varchar(120),
      match_mode varchar(10) not null default 'like' check (match_mode in ('like', 'exact')),
      primary key (tenant_id, view_code, field),
      foreign key (tenant_id, view_code) references hpfm_lov_view (tenant_id, view_code) on delete cascade
    );
    create table hpfm_lov_view_table_field (
      tenant_id bigint not null default 0,
      view_code varchar(120) not null,
      seq integer not null,
      data_index varchar(60) not null,
      titles jsonb not null,
      width integer,
      data_type varchar(20) not null default 'STRING',
      primary key (tenant_id, view_code, data_index),
      foreign key (tenant_id, view_code) references hpfm_lov_view (tenant_id, view_code) on delete cascade
    );
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hpfm_lov_view_table_field, hpfm_lov_view_query_field, hpfm_lov_view`.execute(db)
}
