import { sql, type Kysely } from 'kysely'

/**
 * Identity administration (hiam screens): roles and users gain the columns their screens edit, tenants and
 * OAuth clients become editable, the per-tenant password policy, the login log's reasons and the
 * miss-permission records written by the permission guard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table iam_role
      add column description varchar(240),
      add column enabled_flag smallint not null default 1,
      add column parent_role_id bigint,
      add column object_version_number integer not null default 1;
    alter table iam_user
      add column phone varchar(30),
      add column password_changed_at bigint;
    alter table hpfm_tenant
      add column enabled_flag smallint not null default 1,
      add column remark varchar(240),
      add column object_version_number integer not null default 1;
    alter table oauth_client
      add column client_name varchar(120),
      add column enabled_flag smallint not null default 1,
      add column access_token_validity integer,
      add column remark varchar(240),
      add column object_version_number integer not null default 1;
    alter table oauth_login_attempt
      add column client_id varchar(60),
      add column user_agent varchar(300),
      add column reason varchar(40),
      add column tenant_id bigint;
    create table iam_password_policy (
      tenant_id bigint primary key references hpfm_tenant(id),
      min_length integer not null default 8,
      max_length integer not null default 30,
      digits integer not null default 1,
      lowercase integer not null default 1,
      uppercase integer not null default 1,
      specials integer not null default 1,
      not_login_name smallint not null default 1,
      check_at_sign_in smallint not null default 0,
      max_error_times integer not null default 5,
      lock_minutes integer not null default 10,
      object_version_number integer not null default 1
    );
    create table iam_permission_check (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      user_id bigint not null,
      login_name varchar(60) not null,
      role_id bigint not null,
      role_code varchar(60) not null,
      permission_code varchar(200) not null,
      method varchar(10) not null,
      path varchar(500) not null,
      menu_id bigint,
      request_id varchar(80),
      checked_at bigint not null,
      handled_flag smallint not null default 0
    );
    create index iam_permission_check_tenant on iam_permission_check (tenant_id, checked_at);
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table iam_permission_check, iam_password_policy;
    alter table oauth_login_attempt drop column client_id, drop column user_agent, drop column reason,
      drop column tenant_id;
    alter table oauth_client drop column client_name, drop column enabled_flag, drop column access_token_validity,
      drop column remark, drop column object_version_number;
    alter table hpfm_tenant drop column enabled_flag, drop column remark, drop column object_version_number;
    alter table iam_user drop column phone, drop column password_changed_at;
    alter table iam_role drop column description, drop column enabled_flag, drop column parent_role_id,
      drop column object_version_number;
  `.execute(db)
}
