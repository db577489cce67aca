/**
 * Database triggers of the integration module, created at start (idempotent) because they sit on model tables,
 * which are created by the model sync after the migrations:
 * - the secret vault: secret columns are moved to hitf_secret and the row keeps '******' (sending '******'
 *   back keeps the secret, an empty value clears it), so generic list/detail/export never show a secret;
 * - mapping history: every insert, update or delete of a field/data mapping or one of its lines is kept with
 *   its before/after values, one version number per transaction and mapping.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'

export const MASK = '******'

/** table → [primary key column, 'plain' | 'hash', ...secret columns] */
const VAULTED: Record<string, string[]> = {
  hitf_interface: [
    'interface_id',
    'plain',
    'auth_password',
    'auth_token',
    'oauth_client_secret',
    'api_key_value',
  ],
  hitf_mq_config: ['mq_config_id', 'plain', 'password'],
  hitf_client: ['client_id', 'hash', 'client_secret'],
  // A domain's single sign-on: the OAuth2 client secret and the SAML SP private key (oauth/routes.ts reads them back
  // with secretsOf).
  hiam_domain: ['domain_id', 'plain', 'sso_client_secret', 'sso_sp_private_key'],
}

/** table → [history table, object type] (header and line both carry mapping_id). */
const VERSIONED: Record<string, [string, string]> = {
  hitf_field_mapping: ['hitf_field_mapping_history', 'HEADER'],
  hitf_field_mapping_line: ['hitf_field_mapping_history', 'LINE'],
  hitf_data_mapping: ['hitf_data_mapping_history', 'HEADER'],
  hitf_data_mapping_line: ['hitf_data_mapping_history', 'LINE'],
}

const vaultFunction = sql`
create or replace function hitf_vault_secrets() returns trigger language plpgsql as $fn$
declare
  pk text := TG_ARGV[0];
  hashed boolean := TG_ARGV[1] = 'hash';
  row_json jsonb := to_jsonb(NEW);
  owner bigint := (to_jsonb(NEW) ->> TG_ARGV[0])::bigint;
  patch jsonb := '{}'::jsonb;
  col text;
  val text;
begin
  for i in 2 .. TG_NARGS - 1 loop
    col := TG_ARGV[i];
    val := row_json ->> col;
    if val is null or val = '' then
      delete from hitf_secret where owner_table = TG_TABLE_NAME and owner_id = owner and field_name = col;
      patch := patch || jsonb_build_object(col, null);
    elsif val = '******' then
      if not exists (select 1 from hitf_secret where owner_table = TG_TABLE_NAME and owner_id = owner and field_name = col) then
        patch := patch || jsonb_build_object(col, null);
      end if;
    else
      insert into hitf_secret (tenant_id, owner_table, owner_id, field_name, secret_value)
      values ((row_json ->> 'tenant_id')::bigint, TG_TABLE_NAME, owner, col,
              case when hashed then encode(sha256(convert_to(val, 'UTF8')), 'hex') else val end)
      on conflict (owner_table, owner_id, field_name) do update set secret_value = excluded.secret_value;
      patch := patch || jsonb_build_object(col, '******');
    end if;
  end loop;
  NEW := jsonb_populate_record(NEW, patch);
  return NEW;
end
$fn$`

const vaultCleanupFunction = sql`
create or replace function hitf_vault_cleanup() returns trigger language plpgsql as $fn$
begin
  delete from hitf_secret where owner_table = TG_TABLE_NAME and owner_id = (to_jsonb(OLD) ->> TG_ARGV[0])::bigint;
  return null;
end
$fn$`

const historyFunction = sql`
create or replace function hitf_mapping_history() returns trigger language plpgsql as $fn$
declare
  audit text[] := array['object_version_number', 'last_update_date', 'last_updated_by'];
  r jsonb := case when TG_OP = 'DELETE' then to_jsonb(OLD) else to_jsonb(NEW) end;
  mid bigint := (r ->> 'mapping_id')::bigint;
  tx bigint := txid_current();
  ver integer;
begin
  if mid is null then return null; end if;
  if TG_OP = 'UPDATE' and (to_jsonb(NEW) - audit) = (to_jsonb(OLD) - audit) then return null; end if;
  execute format('select version_number from %I where mapping_id = $1 and tx_id = $2 limit 1', TG_ARGV[0])
    into ver using mid, tx;
  if ver is null then
    execute format('select coalesce(max(version_number), 0) + 1 from %I where mapping_id = $1', TG_ARGV[0])
      into ver using mid;
  end if;
  execute format('insert into %I (tenant_id, mapping_id, version_number, object_type, change_type, before_value,
      after_value, tx_id, change_date, created_by, last_updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, localtimestamp(0), $9, $9)',
      TG_ARGV[0])
    using (r ->> 'tenant_id')::bigint, mid, ver, TG_ARGV[1], TG_OP,
      case when TG_OP <> 'INSERT' then (to_jsonb(OLD) - audit)::text end,
      case when TG_OP <> 'DELETE' then (to_jsonb(NEW) - audit)::text end,
      tx, coalesce((r ->> 'last_updated_by')::bigint, -1);
  return null;
end
$fn$`

/** Creates or replaces the functions and triggers (safe to run at every start). */
export async function ensureHitfDbObjects(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await vaultFunction.execute(trx)
    await vaultCleanupFunction.execute(trx)
    await historyFunction.execute(trx)
    for (const [table, [pk, mode, ...columns]] of Object.entries(VAULTED)) {
      const args = [pk, mode, ...(columns as string[])].map((arg) => `'${arg}'`).join(', ')
      await sql.raw(`drop trigger if exists hitf_vault on ${table}`).execute(trx)
      await sql
        .raw(
          `create trigger hitf_vault before insert or update on ${table} for each row execute function hitf_vault_secrets(${args})`,
        )
        .execute(trx)
      await sql.raw(`drop trigger if exists hitf_vault_cleanup on ${table}`).execute(trx)
      await sql
        .raw(
          `create trigger hitf_vault_cleanup after delete on ${table} for each row execute function hitf_vault_cleanup('${pk}')`,
        )
        .execute(trx)
    }
    for (const [table, [history, object]] of Object.entries(VERSIONED)) {
      await sql.raw(`drop trigger if exists hitf_history on ${table}`).execute(trx)
      await sql
        .raw(
          `create trigger hitf_history after insert or update or delete on ${table} for each row execute function hitf_mapping_history('${history}', '${object}')`,
        )
        .execute(trx)
    }
  })
}

/** The stored secrets of one row: column (snake_case) → value (or hash). */
export async function secretsOf(db: Db, table: string, ownerId: number): Promise<Record<string, string>> {
  const { rows } = await sql<{ fieldName: string; secretValue: string }>`
    select field_name, secret_value from hitf_secret where owner_table = ${table} and owner_id = ${ownerId}`.execute(
    db,
  )
  return Object.fromEntries(rows.map((row) => [row.fieldName, row.secretValue]))
}
