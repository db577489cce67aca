import { sql, type Kysely } from 'kysely'

/** Value sets, prompts (translations), code rules and the app's own bookkeeping. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hpfm_lookup_value (
      tenant_id bigint not null default 0,
      lookup_code varchar(120) not null,
      value varchar(120) not null,
      meanings jsonb not null,
      order_seq integer not null default 0,
      parent_value varchar(120),
      tag varchar(240),
      description varchar(480),
      primary key (tenant_id, lookup_code, value)
    );
    create table hpfm_prompt (
      tenant_id bigint not null default 0,
      prompt_key varchar(240) not null,
      lang varchar(10) not null,
      description text not null,
      primary key (tenant_id, prompt_key, lang)
    );
    create table hpfm_code_rule (
      tenant_id bigint not null default 0,
      rule_code varchar(120) not null,
      prefix varchar(30) not null default '',
      date_format varchar(30) not null default '',
      sequence_length integer not null,
      reset_per_day smallint not null default 1,
      primary key (tenant_id, rule_code)
    );
    create table hpfm_code_rule_sequence (
      tenant_id bigint not null,
      rule_code varchar(120) not null,
      period varchar(30) not null,
      current_value bigint not null,
      primary key (tenant_id, rule_code, period)
    );
    create table app_meta (
      key varchar(60) primary key,
      value text not null
    );
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_meta, hpfm_code_rule_sequence, hpfm_code_rule, hpfm_prompt, hpfm_lookup_value`.execute(
    db,
  )
}
