import { sql, type Kysely } from 'kysely'

/**
 * Sessions per device kind (issue 19: a supervisor keeps the desk open with a handheld in the pocket).
 * `oauth_token.device_kind`: the kind of device the client declared at sign-in (`desk` or `handheld`).
 * `iam_password_policy.concurrent_sessions`: how many live sessions a user of the tenant keeps (`single`,
 * `per-device`: one per device kind, `unlimited`); rows saved before keep the default, `per-device`.
 * `oauth_sso_request.device_kind`: the kind declared at the start of a single sign-on, for the token its answer
 * issues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_token add column device_kind varchar(20) not null default 'desk'`.execute(db)
  await sql`alter table oauth_sso_request add column device_kind varchar(20) not null default 'desk'`.execute(
    db,
  )
  await sql`alter table iam_password_policy add column concurrent_sessions varchar(20) not null default 'per-device'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table iam_password_policy drop column concurrent_sessions`.execute(db)
  await sql`alter table oauth_sso_request drop column device_kind`.execute(db)
  await sql`alter table oauth_token drop column device_kind`.execute(db)
}
