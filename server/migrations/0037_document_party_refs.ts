import { sql, type Kysely } from 'kysely'

/**
 * Supplier appointments, inbound notices and dealer orders name their supplier or customer from master data
 * (vendorId / customerId, scoped by the customer and vendor grants: schemas/README.md "Data permissions").
 * Rows written before held the typed name only: the reference is filled where that name is the name of exactly
 * one vendor (customer) of the row's tenant; any other row keeps its name and no reference (limited by warehouse
 * and owner only, as before). The column is added here when the table exists already, so the rows can be
 * filled before the model sync runs (which adds it on a new database, where there are no rows to fill).
 */
const DOCUMENTS = [
  {
    table: 'winv_supplier_appointment',
    column: 'vendor_id',
    name: 'supplier_name',
    master: 'wmdm_vendor',
    masterId: 'vendor_id',
    masterName: 'vendor_name',
  },
  {
    table: 'winv_inbound_notice_order',
    column: 'vendor_id',
    name: 'supplier_name',
    master: 'wmdm_vendor',
    masterId: 'vendor_id',
    masterName: 'vendor_name',
  },
  {
    table: 'winv_jxs_outbound_order',
    column: 'customer_id',
    name: 'customer_name',
    master: 'wmdm_customer',
    masterId: 'customer_id',
    masterName: 'customer_name',
  },
] as const

const exists = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)).rows[0]
    ?.found != null

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const doc of DOCUMENTS) {
    if (!(await exists(db, doc.table))) continue
    await sql`alter table ${sql.table(doc.table)} add column if not exists ${sql.ref(doc.column)} bigint`.execute(
      db,
    )
    if (!(await exists(db, doc.master))) continue
    await sql`update ${sql.table(doc.table)} d set ${sql.ref(doc.column)} = m.id
      from (select tenant_id, ${sql.ref(doc.masterName)} as name, min(${sql.ref(doc.masterId)}) as id
            from ${sql.table(doc.master)} group by tenant_id, ${sql.ref(doc.masterName)}
            having count(*) = 1) m
      where d.${sql.ref(doc.column)} is null and m.tenant_id = d.tenant_id
        and m.name = d.${sql.ref(doc.name)}`.execute(db)
  }
}
