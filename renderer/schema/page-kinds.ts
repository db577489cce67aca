/**
 * The page kinds: `list`, `form`, `master-detail`, `tabs`, `dashboard` and `custom`, each rendered by the page
 * widget named in renderer/runtime/SchemaPage.tsx (custom pages name their own).
 */
import { Type } from '@sinclair/typebox'
import { RowAction } from './page-actions'

const header = <K extends string>(kind: K, description: string) => ({
  $schema: Type.Optional(
    Type.String({ description: 'Path of page.schema.json relative to this file, for editor completion.' }),
  ),
  kind: Type.Literal(kind, { description }),
  route: Type.String({
    pattern: '^/[A-Za-z0-9/{}_.-]*$',
    description:
      'Route the page answers, with {params}: "/wmdm/warehouse", "/winv/order/detail/{id}". Unique.',
  }),
  title: Type.Ref('TextKey', { description: 'Text key of the page (tab) title.' }),
  description: Type.String({
    minLength: 1,
    description: 'What the screen is for, for people reading the file.',
  }),
  texts: Type.Optional(Type.Ref('Texts')),
  menu: Type.Optional(Type.Ref('PageMenu')),
  grants: Type.Optional(Type.Ref('PageGrants')),
})

export const SearchSpec = Type.Object(
  {
    fields: Type.Array(Type.Ref('FieldName'), {
      description: 'Fields offered as search conditions, in order.',
    }),
    columns: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, default: 7, description: 'Conditions per row (default 7).' }),
    ),
    rows: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10,
        default: 1,
        description: 'Rows shown while collapsed (default 1); the rest appear under "more".',
      }),
    ),
  },
  { additionalProperties: false, description: 'The search bar above the table.' },
)

export const TableColumn = Type.Object(
  {
    field: Type.Ref('FieldName'),
    width: Type.Optional(Type.Integer({ minimum: 40, description: 'Width in px (default 200).' })),
    fixed: Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('right')], { description: 'Pin the column.' }),
    ),
    sortable: Type.Optional(
      Type.Boolean({ description: 'Sort on the server by this field (the model must allow it).' }),
    ),
    align: Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
        description: 'Cell alignment (numbers read best right-aligned).',
      }),
    ),
    ellipsis: Type.Optional(
      Type.Boolean({ description: 'Cut long text with … and show it whole on hover.' }),
    ),
    filter: Type.Optional(
      Type.Union(
        [
          Type.Literal('string'),
          Type.Literal('integer'),
          Type.Literal('float'),
          Type.Literal('date'),
          Type.Literal('datetime'),
          Type.Literal('flag'),
        ],
        {
          description:
            "Header filter with the modes fuzzy (1, text types only), exact (2) and exclude (3), sent as a list condition (CORE-TBL-07): the model field's filter type; the model must allow filtering the field.",
        },
      ),
    ),
    summary: Type.Optional(
      Type.Union([Type.Literal('sum'), Type.Literal('avg')], {
        description:
          'Footer row of a numeric column: the sum or the average of the rows on the page, with thousands separators.',
      }),
    ),
  },
  { additionalProperties: false, description: 'A table column showing a field read-only.' },
)

export const TableSpec = Type.Object(
  {
    columns: Type.Array(Type.Ref('TableColumn'), { minItems: 1, description: 'Columns, left to right.' }),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, default: 10, description: 'Rows per page (default 10).' }),
    ),
    pageSizeOptions: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), {
        minItems: 1,
        description:
          'Page sizes offered; pageSize is inserted when missing. Default (X-02): 10, 15, 20, 50, 80, 100 on core ' +
          'workspace pages (/hmnt, /hfle, /hfile, /ets, /pets, /hrpt, /winv/requisitionNoteHandle), else 10, 20, 50, 100.',
      }),
    ),
    rowActions: Type.Optional(
      Type.Array(RowAction, { description: 'Buttons in the last column of each row.' }),
    ),
  },
  { additionalProperties: false, description: 'The result table (server-side paging and sorting).' },
)

export const FormSection = Type.Object(
  {
    title: Type.Ref('TextKey', { description: 'Text key of the section heading.' }),
    columns: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 4, default: 2, description: 'Fields per row (default 2).' }),
    ),
    fields: Type.Array(Type.Ref('FieldName'), {
      minItems: 1,
      description: 'Fields of the section, in order.',
    }),
  },
  { additionalProperties: false },
)

export const FormSpec = Type.Object(
  {
    sections: Type.Array(Type.Ref('FormSection'), {
      minItems: 1,
      description: 'Groups of fields, top to bottom.',
    }),
    mode: Type.Optional(
      Type.Union([Type.Literal('drawer'), Type.Literal('modal')], {
        default: 'drawer',
        description: 'List pages: where the create/edit form opens (default drawer).',
      }),
    ),
    width: Type.Optional(
      Type.Integer({ minimum: 320, description: 'Drawer/modal width in px (default 720).' }),
    ),
  },
  { additionalProperties: false, description: 'The edit form.' },
)

export const ToolbarSpec = Type.Object(
  {
    actions: Type.Array(Type.Ref('Action'), {
      description: 'Buttons above the table (at most 6 shown, the rest under "more").',
    }),
  },
  { additionalProperties: false, description: 'The operation bar.' },
)

const data = {
  dataSource: Type.Ref('DataSource'),
  fields: Type.Ref('Fields'),
}

export const ListPage = Type.Object(
  {
    ...header('list', 'A searchable, paged table of rows with create/edit/delete in a drawer or modal.'),
    ...data,
    search: Type.Optional(Type.Ref('SearchSpec')),
    table: Type.Ref('TableSpec'),
    toolbar: Type.Optional(Type.Ref('ToolbarSpec')),
    form: Type.Optional(Type.Ref('FormSpec')),
    filterTemplates: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'Show the filter-template editor above the table (default true): personal templates of conditions per ' +
          'user and menu, applied to the list. Needs dataSource.model and a menu tab; false switches it off.',
      }),
    ),
    columnSettings: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'Show the column-settings button on the table toolbar (default true): each user hides, reorders and ' +
          'pins columns, kept on the server and cached locally. false switches it off.',
      }),
    ),
  },
  { additionalProperties: false, description: 'kind "list"' },
)

export const FormPage = Type.Object(
  {
    ...header(
      'form',
      'One record in a full-page form: create (no id in the route) or edit (id from the route).',
    ),
    ...data,
    idParam: Type.Optional(
      Type.String({
        description:
          'Route param (or, for a route without it, query parameter) holding the record id (e.g. "id"); absent or missing → create.',
      }),
    ),
    form: Type.Ref('FormSpec'),
    backTo: Type.Optional(
      Type.String({ pattern: '^/', description: 'Route to return to after saving or cancelling.' }),
    ),
  },
  { additionalProperties: false, description: 'kind "form"' },
)

export const MasterDetailPage = Type.Object(
  {
    ...header(
      'master-detail',
      'A header record with one or more editable line tables (e.g. an order and its lines), saved together: ' +
        "one POST <header path>/with-lines call, one transaction: the header and each table's changed lines " +
        'with _status create/update/delete.',
    ),
    ...data,
    idParam: Type.String({
      description:
        'Route param (or, for a route without it, query parameter) holding the header id; without it the page creates a header.',
    }),
    backTo: Type.Optional(
      Type.String({ pattern: '^/', description: 'Route to return to (the list of headers).' }),
    ),
    header: Type.Ref('FormSpec', { description: 'The header form.' }),
    details: Type.Array(
      Type.Object(
        {
          key: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Id of the detail block.' }),
          title: Type.Ref('TextKey'),
          dataSource: Type.Ref('DataSource'),
          parentField: Type.String({
            pattern: '^[a-z][A-Za-z0-9]*$',
            description:
              "Field of a line holding the header's id (e.g. orderId): lines are listed with ?<parentField>=<id> " +
              'and new lines get it when saved.',
          }),
          fields: Type.Ref('Fields'),
          table: Type.Ref('TableSpec'),
          form: Type.Optional(
            Type.Ref('FormSpec', { description: 'The line form (default: every field in one section).' }),
          ),
          toolbar: Type.Optional(Type.Ref('ToolbarSpec')),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'Detail tables under the header.' },
    ),
    preview: Type.Optional(
      Type.Object(
        {
          title: Type.Ref('TextKey'),
          widget: Type.Literal('DynamicForm', {
            description: 'The widget drawing the preview: DynamicForm (a dynamic form and its items).',
          }),
          detail: Type.String({
            pattern: '^[a-z][A-Za-z0-9]*$',
            description: "Key of the detail block whose lines the preview shows (the form's items).",
          }),
        },
        {
          additionalProperties: false,
          description:
            'A live preview under the line tables: the widget draws the header being edited with the lines of ' +
            '`detail` as they are now, saved or not (DynamicForm gets them as its `definition`), so a configurator ' +
            'sees what they configure before saving. /hpfm/dynamic-form/detail uses it.',
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'kind "master-detail"' },
)

export const TabsPage = Type.Object(
  {
    ...header('tabs', 'Several pages side by side under tabs.'),
    tabs: Type.Array(
      Type.Object(
        {
          key: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
          title: Type.Ref('TextKey'),
          route: Type.String({ pattern: '^/', description: 'Route of the page shown in the tab.' }),
          permission: Type.Optional(
            Type.Ref('PermissionCode', { description: 'Tab hidden unless approved.' }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false, description: 'kind "tabs"' },
)

const Id = (description: string) => Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description })

export const DashboardCard = Type.Object(
  {
    key: Id('Id of the card, unique in the page.'),
    title: Type.Ref('TextKey'),
    type: Type.Union([Type.Literal('figure'), Type.Literal('chart'), Type.Literal('widget')], {
      description:
        'figure: one number (measure of the rows); chart: the measure per group (groupBy) drawn as `chart`; ' +
        'widget: a registered widget draws the card (widget, props).',
    }),
    span: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 24, description: 'Grid width out of 24 (default 12; figures 6).' }),
    ),
    dataSource: Type.Optional(
      Type.Ref('DataSource', {
        description:
          'figure/chart: the model collection whose <path>/aggregate endpoint answers [{key, value}] ' +
          '(e.g. /v1/{tenantId}/warehouses).',
      }),
    ),
    measure: Type.Optional(
      Type.Union(
        [
          Type.Literal('count'),
          Type.Literal('sum'),
          Type.Literal('avg'),
          Type.Literal('min'),
          Type.Literal('max'),
        ],
        { default: 'count', description: 'What to compute over the rows (default count).' },
      ),
    ),
    field: Type.Optional(Id('Number field summed/averaged/… (needed unless measure is count).')),
    groupBy: Type.Optional(
      Id('chart: the field whose values are the groups (searchable or sortable in the model).'),
    ),
    lookupCode: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*$',
        description: 'Value set whose meanings label the groups (e.g. WMDM.WAREHOUSE_TYPE).',
      }),
    ),
    filters: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
        description:
          'Fixed filters sent with the query, as the list endpoint takes them (e.g. {"enabledFlag": 1}).',
      }),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('value'), Type.Literal('key')], {
        default: 'value',
        description:
          'chart: the order of the groups: value (largest first, default) or key (ascending, the latest 200 groups: days on a time axis, buckets).',
      }),
    ),
    chart: Type.Optional(
      Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')], {
        default: 'bar',
        description: 'chart: how the groups are drawn (default bar).',
      }),
    ),
    precision: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10, description: 'Digits after the decimal point of the figure.' }),
    ),
    widget: Type.Optional(
      Type.Ref('WidgetName', { description: 'widget: the registered widget drawing the card.' }),
    ),
    props: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'widget: its props (data only).' }),
    ),
  },
  { additionalProperties: false, description: 'A card of a dashboard.' },
)

export const DashboardPage = Type.Object(
  {
    ...header(
      'dashboard',
      'A grid of cards: figures and charts computed by the server, or registered widgets.',
    ),
    cards: Type.Array(Type.Ref('DashboardCard'), {
      minItems: 1,
      description: 'Cards, left to right, top to bottom.',
    }),
  },
  { additionalProperties: false, description: 'kind "dashboard"' },
)

export const CustomPage = Type.Object(
  {
    ...header('custom', 'A screen rendered entirely by one registered widget.'),
    widget: Type.Ref('WidgetName', { description: 'The page widget to render.' }),
    props: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Widget props (data only).' }),
    ),
  },
  { additionalProperties: false, description: 'kind "custom"' },
)
