/**
 * The field dictionary and the data source of a page. A page declares each field once (label, widget, rules,
 * value list, linkage); search, table and form then list field names only.
 */
import { widgetDefinition } from '../contract/widget-definitions'
import { FIELD_WIDGET_NAMES, PAGE_WIDGET_NAMES } from '../contract/widget-names'
import { SERVICE_NAMES, type ServiceName } from '../contract/wire'
import { Type } from '@sinclair/typebox'

export const WidgetName = Type.String({
  pattern: '^[A-Z][A-Za-z0-9]*$',
  description:
    'Name of a widget (renderer/contract/widget-definitions.ts). A field or a dashboard card takes a field widget: ' +
    `${FIELD_WIDGET_NAMES.join(', ')}. A custom page takes a page widget: ` +
    `${PAGE_WIDGET_NAMES.filter((name) => !widgetDefinition(name)?.renders).join(', ')}. ` +
    'A name of another kind or an unknown one is an error naming those that fit; the `props` beside it are checked ' +
    'against what the widget declares.',
})

const PageFieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' })

export const LovMapping = Type.Object(
  {
    textField: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description:
          "Field of this page that keeps the chosen row's display text (e.g. warehouseName for a warehouseId): " +
          'the picker shows it, and read-only views show it instead of the id. MulLov keeps the texts joined by ",".',
      }),
    ),
    fill: Type.Optional(
      Type.Record(PageFieldName, PageFieldName, {
        description:
          'Other fields of this page filled from the chosen row: page field → row field, e.g. ' +
          '{"warehouseCode": "warehouseCode"}. Cleared when the choice is cleared.',
      }),
    ),
    valueField: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description: "Row field stored as the value (default: the view's).",
      }),
    ),
    displayField: Type.Optional(
      Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: "Row field shown (default: the view's)." }),
    ),
    params: Type.Optional(
      Type.Record(PageFieldName, PageFieldName, {
        description:
          'Narrows the picker by other fields of this form: query parameter → page field, sent with every query ' +
          'when the field has a value, e.g. {"invOrganizationId": "invOrganizationId"} on a warehouse picker and ' +
          '{"warehouseId": "warehouseId"} on an area picker (organisation → warehouse → area).',
      }),
    ),
  },
  { additionalProperties: false, description: "How a Lov/MulLov choice maps onto this page's fields." },
)

const LineFieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' })

/** One input of every row of a LineTable (e.g. the quantity received on each line). */
export const LineTableInput = Type.Object(
  {
    field: Type.String({
      pattern: '^[a-z][A-Za-z0-9]*$',
      description: 'Name of the value in each sent line, e.g. "quantity".',
    }),
    label: Type.Ref('TextKey', { description: "Text key of the column heading (and the input's name)." }),
    widget: Type.Union([Type.Literal('InputNumber'), Type.Literal('Input'), Type.Literal('TextArea')], {
      description: 'InputNumber for quantities, Input for a code (e.g. the batch), TextArea for a list.',
    }),
    precision: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 10 }), Type.Literal('warehouse')], {
        description: 'Decimals of an InputNumber; "warehouse": the session warehouse\'s quantity precision.',
      }),
    ),
    min: Type.Optional(Type.Number({ description: 'Smallest number accepted on a row (InputNumber).' })),
    max: Type.Optional(
      Type.Union([Type.Number(), LineFieldName], {
        description:
          'Largest number accepted on a row: a number, or the name of a field of the loaded line holding it ' +
          '(e.g. "openQuantity": not more than is still open on that line).',
      }),
    ),
    required: Type.Optional(
      Type.Union([Type.Boolean(), LineFieldName], {
        description:
          'Must be filled on every row that is sent: true, or the name of a flag of the loaded line (e.g. ' +
          '"batchManaged": only lines of batch-tracked goods need a batch).',
      }),
    ),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, description: 'Longest text (Input, TextArea).' })),
    list: Type.Optional(
      Type.Boolean({
        description:
          'Send the text as a list: split at line breaks, commas and semicolons, blanks dropped (serial numbers).',
      }),
    ),
    fromLine: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description: 'Field of the loaded line the input starts with (e.g. "batchCode").',
      }),
    ),
    fillFrom: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description:
          'Offers a button filling every row\'s input from this field of its line (e.g. "openQuantity": ' +
          'receive everything that is open).',
      }),
    ),
  },
  { additionalProperties: false },
)

export const LineTable = Type.Object(
  {
    path: Type.String({
      pattern: '^/v1(/[A-Za-z0-9{}_.-]+)+$',
      description:
        "GET path of the lines, after the service prefix; {tenantId} and the dialog row's {fields} are filled, " +
        'e.g. "/v1/{tenantId}/inbound-orders/{inboundOrderId}/receive-lines". Answers {"lines": [...]} (or a page ' +
        'with "content").',
    }),
    service: Type.Optional(Type.String({ description: 'Service of the path (default wms).' })),
    rowKey: Type.String({
      pattern: '^[a-z][A-Za-z0-9]*$',
      description: 'Field of a loaded line that names it; sent with each line (e.g. "inboundLineId").',
    }),
    columns: Type.Array(
      Type.Object(
        {
          field: LineFieldName,
          label: Type.Ref('TextKey'),
          width: Type.Optional(Type.Integer({ minimum: 40 })),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        description: 'Read-only columns showing the loaded line (e.g. goods code, open quantity).',
      },
    ),
    inputs: Type.Array(Type.Ref('LineTableInput'), {
      minItems: 1,
      description: 'What each row asks for; a row with every input empty is not sent.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'The rows of a LineTable field (an action dialog asking for a value per line, e.g. receiving a whole ' +
      'order): loaded from `path`, one input per `inputs` entry on each row, checked per row in the browser. ' +
      'The value sent is [{<rowKey>, <input>…}] for the rows filled in; a refusal naming "<field>[i].<input>" ' +
      'is shown on that row.',
  },
)

export const FieldSpec = Type.Object(
  {
    label: Type.Ref('TextKey', {
      description: 'Text key of the field\'s label (also used in "Please enter {name}").',
    }),
    widget: Type.Ref('WidgetName'),
    required: Type.Optional(
      Type.Boolean({
        description: 'Must be filled: "Please enter {name}" / "Please select {name}" otherwise.',
      }),
    ),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, description: 'Longest allowed text (characters).' })),
    precision: Type.Optional(
      Type.Union(
        [
          Type.Integer({ minimum: 0, maximum: 10 }),
          Type.Literal('warehouse', {
            description:
              "The quantity precision of the user's default warehouse (its quantityPrecision, the warehouse " +
              'config loaded with the session; 3 when there is none): for stock quantities.',
          }),
        ],
        {
          description:
            'Digits after the decimal point of a number (0…10, or "warehouse"); the input step is 1 / 10^precision.',
        },
      ),
    ),
    min: Type.Optional(Type.Number({ description: 'Smallest allowed number.' })),
    max: Type.Optional(Type.Number({ description: 'Largest allowed number.' })),
    pattern: Type.Optional(
      Type.String({ description: 'Regular expression (JavaScript syntax) a text value must match.' }),
    ),
    patternMessage: Type.Optional(
      Type.Ref('TextKey', { description: 'Text key of the message shown when `pattern` does not match.' }),
    ),
    lookupCode: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*$',
        description:
          'Value-set code (e.g. WMDM.WAREHOUSE_TYPE) whose values a Select/Radio offers and whose meaning is shown ' +
          'read-only. Must exist in the value-list seed.',
      }),
    ),
    lovCode: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*$',
        description:
          'Lov view code (e.g. WMDM.WAREHOUSE) a Lov or MulLov field picks from: its search form, table, value and ' +
          'display fields come from the view (server/seed/data/lov-views.json). Required with those widgets; checked.',
      }),
    ),
    lov: Type.Optional(LovMapping),
    defaultWarehouse: Type.Optional(
      Type.Boolean({
        description:
          "Create forms pre-fill this Lov with the user's default warehouse (the one flagged default in their " +
          'warehouse permissions), its lov.textField with the name and lov.fill fields with the code/name/id. ' +
          'On by default for a Lov of WMDM.WAREHOUSE; false turns it off, true turns it on for another warehouse ' +
          'view. Never when the field has a defaultValue or is readOnly, or the user has no default warehouse.',
      }),
    ),
    placeholder: Type.Optional(Type.Ref('TextKey', { description: "Text key of the empty input's hint." })),
    help: Type.Optional(
      Type.Ref('TextKey', { description: 'Text key of the explanation shown under the field.' }),
    ),
    defaultValue: Type.Optional(
      Type.Union([Type.String(), Type.Number(), Type.Boolean()], {
        description: 'Value a new record starts with (e.g. 1 for an enabled flag).',
      }),
    ),
    readOnly: Type.Optional(
      Type.Boolean({ description: 'Never edited by the user (e.g. a number the server generates).' }),
    ),
    updatable: Type.Optional(
      Type.Boolean({ description: 'false: may be set when creating, read-only when editing (e.g. a code).' }),
    ),
    linkage: Type.Optional(Type.Ref('Linkage')),
    search: Type.Optional(
      Type.Literal('range', {
        description:
          'How the search bar asks for this field. range: a from–to pair (a date range picker for DatePicker and ' +
          'DatetimePicker, two number inputs for InputNumber) sent as <name>From / <name>To; the model field must be ' +
          '"searchable": "range".',
      }),
    ),
    props: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Extra props passed to the widget as they are (plain data only, no code).',
      }),
    ),
    lines: Type.Optional(
      Type.Ref('LineTable', {
        description: 'LineTable fields (action dialogs): the lines loaded and what each row asks for.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'One field of the page: how it is labelled, edited and checked.',
  },
)

export const Fields = Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.Ref('FieldSpec'), {
  description:
    'The field dictionary: field name (as in the model and on the wire) → its definition. Search, table and form ' +
    'refer to these names.',
})

export const DataSource = Type.Object(
  {
    service: Type.Unsafe<ServiceName>({
      type: 'string',
      enum: [...SERVICE_NAMES],
      description: 'Service whose API prefix goes before the path (/api/<prefix>).',
    }),
    path: Type.String({
      pattern: '^/v1(/[A-Za-z0-9{}_.-]+)+$',
      description:
        'Collection path after the service prefix, e.g. "/v1/{tenantId}/warehouses". {tenantId} is filled from ' +
        'the current role (a site-level role drops the segment); other {params} come from the route.',
    }),
    model: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9-]*/[a-z][a-z0-9-]*$',
        description:
          'Model the rows follow, "<service>/<entity file>": "wms/warehouse" → schemas/models/wms/warehouse.model.json. ' +
          'Checked: every field of the page exists in the model.',
      }),
    ),
    primaryKey: Type.String({
      pattern: '^[a-z][A-Za-z0-9]*$',
      description: 'Field holding the row id (e.g. warehouseId); used for get, update and row keys.',
    }),
    params: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
        Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
        {
          minProperties: 1,
          description:
            'Fixed filters of the page, as the list endpoint takes them (e.g. {"orderType": "ECO"}): sent with every ' +
            "list (and so its count) and export, after the user's conditions, which cannot remove or override them. " +
            'Each must be a searchable field of the model.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Where the page reads and writes its rows (REST conventions).',
  },
)

export const Texts = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
  Type.Object(
    {
      zh_CN: Type.String({ minLength: 1, description: 'Simplified Chinese (the default language).' }),
      en_US: Type.String({ minLength: 1, description: 'English.' }),
      zh_TW: Type.String({ minLength: 1, description: 'Traditional Chinese.' }),
    },
    { additionalProperties: false },
  ),
  {
    description:
      "The page's texts: key → {zh_CN, en_US, zh_TW}. Keys used by the page must exist here or in the shared bundle. " +
      'Placeholders like {name} are filled at run time.',
  },
)
