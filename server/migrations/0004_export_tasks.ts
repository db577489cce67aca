import { sql, type Kysely } from 'kysely'

/**
 * Asynchronous export tasks (CORE-EXP-12..21, CORE-API-35/36). A task is DOING from submission until the
 * worker ends it DONE, FAILED or CANCELLED; `request` keeps everything needed to run it again (model, options,
 * filters and the submitter's scope), so no state lives only in memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hpfm_export_task (
      task_id bigint generated always as identity primary key,
      uuid varchar(36) not null unique,
      task_code varchar(60) not null,
      task_name varchar(240) not null,
      service_name varchar(60) not null,
      tenant_id bigint not null,
      user_id bigint not null,
      state varchar(20) not null check (state in ('DOING', 'DONE', 'CANCELLED', 'FAILED')),
      request jsonb not null,
      total_count integer,
      done_count integer not null default 0,
      file_key varchar(480),
      file_name varchar(240),
      file_type varchar(20),
      file_size bigint,
      error_info text,
      creation_date timestamp(0) not null default localtimestamp(0),
      start_date_time timestamp(0),
      end_date_time timestamp(0),
      last_update_date timestamp(0) not null default localtimestamp(0)
    );
    create index hpfm_export_task_owner on hpfm_export_task (tenant_id, user_id, task_id desc);
    create index hpfm_export_task_state on hpfm_export_task (state);
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hpfm_export_task`.execute(db)
}
