/**
 * The model language: one `schemas/models/<service>/<entity>.model.json` per entity a service keeps.
 * The reference server migrates the model's table and mounts its REST endpoints from it (no hand-written
 * routes for plain CRUD). Pure module: TypeBox definitions → `schemas/model.schema.json` and the static types.
 *
 * REST conventions mounted for a model (tenant-scoped form; site-scoped models drop `/{tenantId}`):
 *   GET    /api/<service>/v1/{tenantId}/<resource>?page&size&sort&<filters>   → Page<Row>
 *   GET    /api/<service>/v1/{tenantId}/<resource>/{id}                       → Row
 *   POST   /api/<service>/v1/{tenantId}/<resource>                            → Row (created)
 *   PUT    /api/<service>/v1/{tenantId}/<resource>            body Row with id + objectVersionNumber → Row
 *   DELETE /api/<service>/v1/{tenantId}/<resource>            body Row (or Row[]) with id + objectVersionNumber
 *   POST   /api/<service>/v1/{tenantId}/<resource>/batch-save body Row[] with `_status` → Row[]
 * Rows are camelCase JSON; columns are snake_case. Every row carries objectVersionNumber and the audit fields.
 */
import { Type, type Static } from '@sinclair/typebox'

const Name = (description: string) => Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description })

export const FieldType = Type.Union(
  [
    Type.Literal('string'),
    Type.Literal('text'),
    Type.Literal('integer'),
    Type.Literal('decimal'),
    Type.Literal('flag'),
    Type.Literal('boolean'),
    Type.Literal('date'),
    Type.Literal('datetime'),
    Type.Literal('json'),
  ],
  {
    description:
      'Stored type. string: varchar(maxLength); text: unbounded text; integer: bigint; decimal: numeric(precision, scale); ' +
      'flag: 0/1 smallint (HZERO-style enabledFlag); boolean; date (YYYY-MM-DD); datetime (YYYY-MM-DD HH:mm:ss); json.',
  },
)
export type FieldType = Static<typeof FieldType>

export const Searchable = Type.Union(
  [Type.Literal('exact'), Type.Literal('like'), Type.Literal('range'), Type.Literal('in')],
  {
    description:
      'How the list endpoint filters by this field from a query parameter of the same name. exact: =; like: case-insensitive ' +
      'contains; range: <name>From / <name>To bounds (inclusive); in: comma-separated values.',
  },
)

export const ModelField = Type.Object(
  {
    name: Name('Field name in camelCase, as it travels on the wire; the column is its snake_case form.'),
    type: FieldType,
    label: Type.Optional(
      Type.String({ description: 'Human name used in server messages (defaults to the name).' }),
    ),
    required: Type.Optional(
      Type.Boolean({ description: 'Must be present and non-empty on create and update.' }),
    ),
    maxLength: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10000, description: 'For string: column length.' }),
    ),
    precision: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 38, description: 'For decimal: total digits.' }),
    ),
    scale: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 18, description: 'For decimal: digits after the point.' }),
    ),
    min: Type.Optional(Type.Number({ description: 'Smallest allowed number.' })),
    max: Type.Optional(Type.Number({ description: 'Largest allowed number.' })),
    pattern: Type.Optional(Type.String({ description: 'Regular expression a string value must match.' })),
    format: Type.Optional(
      Type.Literal('quartz-cron', {
        description:
          'For string: what the value must be beyond its pattern. quartz-cron: a Quartz cron expression, checked on ' +
          'every write with the rules the cron editor uses (renderer/contract/quartz-cron.ts); a 400 names the field.',
      }),
    ),
    lookupCode: Type.Optional(
      Type.String({ description: 'Value-set code: the value must be one of its values (checked on write).' }),
    ),
    default: Type.Optional(
      Type.Union([Type.String(), Type.Number(), Type.Boolean()], {
        description: 'Value on create when absent.',
      }),
    ),
    readOnly: Type.Optional(
      Type.Boolean({ description: 'Set by the server only; ignored in request bodies.' }),
    ),
    updatable: Type.Optional(
      Type.Boolean({ description: 'false: may be set on create but never changed afterwards.' }),
    ),
    searchable: Type.Optional(Searchable),
    sortable: Type.Optional(Type.Boolean({ description: 'May be named in sort=<field>,asc|desc.' })),
    filterable: Type.Optional(
      Type.Boolean({
        description:
          'May be named in filter-template conditions (conditions=[{fieldCode, fieldType, operateCode, fieldValue}]). ' +
          'Default: true for searchable or sortable fields, false otherwise.',
      }),
    ),
    codeRule: Type.Optional(
      Type.String({
        description:
          'Code-rule code that numbers new rows when the value is absent (e.g. WINV.JXS_OUTBOUND → JXS2026112100001).',
      }),
    ),
    multiLanguage: Type.Optional(
      Type.Boolean({
        description: 'Translatable: values per language travel in _tls and are kept per language.',
      }),
    ),
    description: Type.Optional(
      Type.String({ description: 'What the field means, for people reading the model.' }),
    ),
  },
  { additionalProperties: false },
)
export type ModelField = Static<typeof ModelField>

export const UniqueKey = Type.Object(
  {
    fields: Type.Array(Type.String(), {
      minItems: 1,
      description: 'Fields whose values together are unique per tenant.',
    }),
    message: Type.Optional(
      Type.String({ description: 'Message on a duplicate; {field} placeholders are filled from the row.' }),
    ),
  },
  { additionalProperties: false },
)

export const ModelPermissions = Type.Object(
  {
    query: Type.Optional(
      Type.String({ description: 'Code required to list, get and export (omit: any signed-in user).' }),
    ),
    create: Type.Optional(Type.String({ description: 'Code required to create.' })),
    update: Type.Optional(Type.String({ description: 'Code required to update.' })),
    delete: Type.Optional(Type.String({ description: 'Code required to delete.' })),
    export: Type.Optional(Type.String({ description: 'Code required to export.' })),
  },
  {
    additionalProperties: false,
    description: 'Permission codes guarding the endpoints; the page declares the same codes.',
  },
)

export const Transition = Type.Object(
  {
    action: Name('Action name, the last path segment of POST <resource>/{id}/<action> (e.g. execute).'),
    from: Type.Array(Type.String(), {
      minItems: 1,
      description: 'States the action may start from; any other state is refused with 409.',
    }),
    to: Type.String({ description: 'State after the action.' }),
    permission: Type.String({
      description: 'Code required to run the action (page buttons declare the same).',
    }),
    description: Type.Optional(
      Type.String({ description: 'What the action does (effects such as stock moves live in server code).' }),
    ),
  },
  { additionalProperties: false },
)
export type Transition = Static<typeof Transition>

export const Lifecycle = Type.Object(
  {
    field: Type.String({ description: 'The status field (a string field, usually with a lookupCode).' }),
    initial: Type.String({ description: 'Status of a new row; create sets it whatever the body says.' }),
    transitions: Type.Array(Transition, { minItems: 1 }),
    editable: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 1,
        description:
          'Statuses in which the row may be updated (omit: any); an update in another one gets 409.',
      }),
    ),
    linesEditable: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 1,
        description:
          "Statuses in which the document's lines (the models naming it as their `header`) may be created, changed or deleted (omit: the `editable` statuses; neither: any). A line write in another status gets 409, on every route (create, update, delete, batch-save, with-lines).",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "States and allowed transitions (PLAT-WH-05). The status changes only through POST <resource>/{id}/<action> with the row's objectVersionNumber, in one transaction with the effects registered for the action (server/modules/models/lifecycle.ts); an update never changes it.",
  },
)
export type Lifecycle = Static<typeof Lifecycle>

export const ModelSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    service: Type.String({
      description: 'Service the entity belongs to: its API prefix (wms, hpfm, iam …).',
    }),
    entity: Name('Entity name, unique within the service (e.g. warehouse).'),
    resource: Type.String({
      pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)*$',
      description:
        'Path segment(s) of the REST endpoints, e.g. "warehouses" → /api/wms/v1/{tenantId}/warehouses.',
    }),
    table: Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'Database table name (snake_case).' }),
    description: Type.Optional(Type.String({ description: 'What the entity is, its states and rules.' })),
    tenantScoped: Type.Optional(
      Type.Boolean({ description: 'Default true: rows belong to a tenant and paths carry /{tenantId}.' }),
    ),
    primaryKey: Name('Name of the generated id field (bigint identity), e.g. warehouseId.'),
    fields: Type.Array(ModelField, { minItems: 1 }),
    uniqueKeys: Type.Optional(Type.Array(UniqueKey)),
    indexes: Type.Optional(
      Type.Array(Type.Array(Type.String(), { minItems: 1 }), {
        description: 'Extra indexes (field lists) for list queries.',
      }),
    ),
    defaultSort: Type.Optional(
      Type.String({ description: 'Sort when the request names none, e.g. "warehouseCode,asc".' }),
    ),
    permissions: Type.Optional(ModelPermissions),
    serverWritten: Type.Optional(
      Type.Boolean({
        description:
          "Rows are written only by the server's own code (stock balances, transaction logs): the API lists, gets, aggregates and exports them and has no create, update, delete, batch-save or with-lines.",
      }),
    ),
    view: Type.Optional(
      Type.String({
        description:
          'SQL select the model reads instead of a table (a report over other models, e.g. overdue shipments): the server (re)creates the view after the tables at every start. Needs serverWritten: true. The select must give every field, the primary key and tenant_id, object_version_number, creation_date, created_by, last_update_date, last_updated_by (snake_case).',
      }),
    ),
    dataScope: Type.Optional(
      Type.Object(
        {
          warehouse: Type.Optional(Type.String({ description: 'Field holding the warehouse id.' })),
          owner: Type.Optional(Type.String({ description: 'Field holding the owner (cargo owner) id.' })),
          customer: Type.Optional(Type.String({ description: 'Field holding the customer id.' })),
          vendor: Type.Optional(Type.String({ description: 'Field holding the vendor id.' })),
          organization: Type.Optional(
            Type.String({ description: 'Field holding the inventory organisation id.' }),
          ),
        },
        {
          additionalProperties: false,
          description:
            'Data permissions (CORE-USR-06): rows are limited to the warehouses, owners, customers and vendors granted to the user (wmdm user permissions) in every list, get, Lov and export; a role with unrestricted data access sees every row. Names the model\'s fields holding those ids; the primary key may be named too (the warehouse model: `"warehouse": "warehouseId"`), so a warehouse list shows only granted warehouses.',
        },
      ),
    ),
    dataScopeOptional: Type.Optional(
      Type.Array(
        Type.Union([
          Type.Literal('warehouse'),
          Type.Literal('owner'),
          Type.Literal('customer'),
          Type.Literal('vendor'),
          Type.Literal('organization'),
        ]),
        {
          uniqueItems: true,
          minItems: 1,
          description:
            'Kinds of `dataScope` whose field may be empty: a row without it is not limited by that kind, a row naming one is seen only when it is granted (a document whose customer was typed rather than chosen from the customer Lov is limited by its warehouse and owner only; one chosen from it also by the customer grants). Without it, a row with an empty scoped field is not seen by a restricted user.',
        },
      ),
    ),
    lifecycle: Type.Optional(Lifecycle),
    header: Type.Optional(
      Type.Object(
        {
          entity: Name('The document (a model of the same service) whose lines these rows are.'),
          field: Name("This model's integer field holding the document's id."),
          totals: Type.Optional(
            Type.Record(
              Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
              Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
              {
                description:
                  'Totals the server keeps on the document: `{"<document field>": "<line field>"}`, e.g. `{"totalQuantity": "quantity"}`. After every line create, update and delete (each route: POST, PUT, DELETE, batch-save, with-lines, import) the document field is set to the sum of that field over its lines, in the same transaction, so a saved document always shows its live totals. Both fields must be numeric; the document field should be readOnly.',
              },
            ),
          ),
        },
        {
          additionalProperties: false,
          description:
            "The rows are lines of a document (an order's lines): a line is written only when its document is visible to the caller (else 404 naming it) and in a status its lifecycle's `linesEditable` (else `editable`) lists (else 409), on every route that writes lines; a restricted user sees the lines of the documents they see only, in every list, get, Lov, export and aggregate.",
        },
      ),
    ),
    ownerScope: Type.Optional(
      Type.Object(
        {
          roleCodes: Type.Array(Type.String(), {
            minItems: 1,
            description: 'Users whose current role code is listed see and change only the rows they created.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, $id: 'https://wms.local/schemas/model.schema.json', title: 'Model' },
)
export type ModelSchema = Static<typeof ModelSchema>

/**
 * The one key of a model (issue 20): its file's path under schemas/models without `.model.json`, which is the
 * service and the entity in kebab case (`wms/goods-category` for entity `goodsCategory`; the model check refuses
 * a file named otherwise). Pages name their model by it, and record tokens (`wms/goods-category:12`) carry it.
 *
 * @example modelKey({ service: 'wms', entity: 'qualityHoldReason' }) // 'wms/quality-hold-reason'
 */
export const modelKey = (model: Pick<ModelSchema, 'service' | 'entity'>): string =>
  `${model.service}/${model.entity.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
