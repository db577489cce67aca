import { sql, type Kysely } from 'kysely'

/**
 * Single sign-on beyond CAS (server/modules/oauth/sso.ts):
 * - oauth_sso_request: one row per sign-in sent to an OAuth2 or SAML provider, keyed by the random `state`
 *   (OAuth2 state, SAML RelayState) and used once: the client, redirect and state of our own sign-in, the
 *   PKCE code verifier (OAuth2) and the AuthnRequest ID the response must answer (SAML InResponseTo);
 * - oauth_token.sso_domain_id: the domain whose single sign-on started the session, so that signing out of it
 *   sends the browser on to that domain's SSO logout URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oauth_sso_request (
      state varchar(64) primary key,
      domain_id bigint not null,
      sso_type varchar(30) not null,
      client_id varchar(60) not null,
      redirect_uri varchar(2000) not null,
      client_state varchar(500),
      language varchar(10),
      code_verifier varchar(128),
      request_id varchar(100),
      created_at bigint not null,
      expires_at bigint not null
    )
  `.execute(db)
  await sql`alter table oauth_token add column sso_domain_id bigint`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table oauth_token drop column sso_domain_id`.execute(db)
  await sql`drop table oauth_sso_request`.execute(db)
}
