import { sql, type Kysely } from 'kysely'

/**
 * Labels put on users and roles (/hiam/label-management labels of type USER or ROLE): one row per tenant,
 * target and label code. The user and role lists filter by them and show them (hiam routes-users/roles).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hiam_label_assignment (
      tenant_id bigint not null,
      target_type varchar(10) not null check (target_type in ('USER', 'ROLE')),
      target_id bigint not null,
      label_code varchar(60) not null,
      primary key (tenant_id, target_type, target_id, label_code)
    )
  `.execute(db)
  await sql`create index hiam_label_assignment_label on hiam_label_assignment (tenant_id, target_type, label_code)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hiam_label_assignment`.execute(db)
}
