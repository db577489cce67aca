import { sql, type Kysely } from 'kysely'

/**
 * oauth_token.domain_id: the enabled domain (/hiam/domain-config) on whose host the user signed in, by password
 * or single sign-on, so that users/self answers that domain's home page (its INDEX template) for the session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_token add column domain_id bigint`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_token drop column domain_id`.execute(db)
}
