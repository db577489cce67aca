/**
 * Every platform widget's pure definition, the one list of widget names: its kind, what the renderer does with
 * it (searched with another widget, searched by range, a Lov, a text a dialog can split, the page kind it draws,
 * loaded with every page) and the TypeBox schema of the `props` a page may give it. Pure data (no React): read
 * by the browser (widgets/index.ts gives each a loader of its component, the compiler reads the behaviour), by
 * `npm run schemas:check` and by the server's page check, which validate a page's widget names and props with
 * it (renderer/schema/semantic-widgets.ts). A component's props type is `WidgetProps<'Name'>`, derived from
 * the schema, so the two cannot drift.
 *
 * TypeBox through `T.Object`, `T.String`… (named exports), not `Type.Object`: the `Type` builder would bring
 * every TypeBox builder (~12 KB gzip) into the chunk every schema page loads.
 */
import * as T from '@sinclair/typebox'
import type { Static, TSchema } from '@sinclair/typebox'
import { SERVICE_NAMES } from './wire'

export type WidgetKind = 'field' | 'page' | 'part' | 'decorator'

/** Page kinds drawn by a page widget of their own (custom pages name theirs). */
export type RenderedPageKind = 'list' | 'form' | 'master-detail' | 'tabs' | 'dashboard'

export interface PureWidgetDefinition {
  /** Name pages and compiled schemas use (PascalCase). */
  name: string
  /**
   * field: a page field's `widget` (and a dashboard card's); page: draws a page kind (`renders`) or a custom
   * page (`"widget"` of kind custom); part/decorator: used by the page widgets, never named by a page.
   */
  kind: WidgetKind
  /** The props a page may give it (`props` beside `widget`); absent: it takes none. */
  props?: TSchema
  /** Field widgets that cannot ask for "any" in a search form: the widget the search form uses instead. */
  searchWith?: string
  /** Field widgets a search can ask a from–to pair of (`"search": "range"`): which pair. */
  range?: 'date' | 'datetime' | 'number'
  /** Lov widgets (need lovCode, take lov mapping): one row, or several. */
  lov?: 'one' | 'many'
  /** Text widgets whose text an action dialog can split into a list (`lists`). */
  listText?: true
  /** Page widgets: the page kind they draw. */
  renders?: RenderedPageKind
  /** Loaded with every page (the shared chunk of the fields and parts nearly every page uses). */
  always?: true
}

const Text = (description: string) => T.String({ minLength: 1, description })
const strict = <P extends T.TProperties>(properties: P, description?: string) =>
  T.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) })
const Service = T.Union(
  SERVICE_NAMES.map((name) => T.Literal(name)),
  { description: 'Service answering the paths (e.g. wms).' },
)
const ApiPath = (description: string) =>
  T.String({ pattern: '^/v1(/[A-Za-z0-9{}_.-]+)+$', description: `${description} (e.g. /v1/{tenantId}/…)` })

const PrintColumn = strict({
  field: Text('Field of the row.'),
  label: Text("Text key of the caption (the page's texts)."),
  lookupCode: T.Optional(Text('Value set of a coded field: its meaning is printed instead of the code.')),
})

/** DocumentPrint: which document, where it and its lines are read, what the sheet shows. */
export const DocumentPrintProps = strict({
  docType: Text(
    'Document type of the print record (wms print-records/record: INBOUND, OUTBOUND, WAVE, PACK).',
  ),
  service: Service,
  path: ApiPath('GET path of the documents; the document is read at {path}/{id}'),
  idParam: Text('Query parameter carrying the document id (e.g. inboundOrderId).'),
  numberField: Text(
    'Field holding the document number (printed as text and Code 128 barcode, and recorded).',
  ),
  heading: Text("Text key of the sheet's heading."),
  fields: T.Array(PrintColumn, { description: 'The header fields printed.' }),
  lines: T.Optional(
    strict(
      {
        path: ApiPath('GET path of the lines'),
        parentField: Text("Field of a line holding its document's id."),
        parentFrom: T.Optional(Text("Field of the document whose value the lines' parentField holds.")),
        sort: T.Optional(Text('Sort of the lines (default lineNum,asc).')),
        columns: T.Array(PrintColumn),
      },
      "The lines: rows of `path` whose `parentField` is the document's id (or its `parentFrom` field).",
    ),
  ),
})

/** ScanStation: which documents are worked on, where their lines are read, how the work is confirmed. */
export const ScanStationProps = strict({
  service: Service,
  document: strict(
    {
      path: ApiPath('The documents: read at {path}/{id}'),
      idParam: Text(
        'Query parameter of the address carrying the document id, and the placeholder of confirm.path.',
      ),
      numberField: Text('Field a scanned document number is looked up by.'),
      statusField: T.Optional(Text('Field holding the status.')),
      statuses: T.Optional(T.Array(T.String(), { description: 'Statuses the work can be done in.' })),
    },
    'The documents worked on (e.g. outbound orders).',
  ),
  lines: strict(
    {
      path: ApiPath('The lines'),
      parentField: Text("Field of a line holding its document's id."),
      sort: T.Optional(Text('Walking order (e.g. pickPath,asc).')),
      filters: T.Optional(
        T.Record(T.String(), T.Union([T.String(), T.Number()]), { description: 'Fixed filters.' }),
      ),
      keyField: Text('Key of a line (sent as confirm.keyName).'),
      locationField: Text('Field of the location to scan.'),
      codeFields: T.Array(T.String(), { minItems: 1, description: 'Fields a goods scan may read.' }),
      quantityField: Text('Field of the quantity to scan.'),
      titleField: Text('Field shown as the line title.'),
      detailFields: T.Optional(T.Array(T.String())),
    },
    'The lines in walking order, each one line of work.',
  ),
  steps: T.Optional(
    T.Array(T.Union([T.Literal('location'), T.Literal('goods'), T.Literal('quantity')]), {
      description: 'The steps per line (default location, goods, quantity).',
    }),
  ),
  confirm: strict(
    {
      path: ApiPath('POST path confirming the work, with {<idParam>}'),
      keyName: Text('Name of the line key in each scan sent.'),
      permission: T.Optional(Text('Permission code of the confirmation.')),
    },
    'The action that confirms the work: body {scans: [{<keyName>, locationCode, barcode, quantity}]}.',
  ),
})

/** Upload: where files go and which are allowed. */
export const UploadProps = strict({
  multiple: T.Optional(
    T.Boolean({ description: 'Several files; otherwise a new one replaces the previous.' }),
  ),
  bucketName: T.Optional(
    T.String({ pattern: '^[a-z0-9][a-z0-9.-]{0,62}$', description: 'Bucket (default wms-attachment).' }),
  ),
  directory: T.Optional(T.String({ description: 'Folder inside the bucket.' })),
  fileType: T.Optional(
    T.Union([T.String(), T.Array(T.String())], {
      description: 'Allowed types: extensions (pdf) or MIME types (image/*), comma-separated or a list.',
    }),
  ),
  fileSize: T.Optional(
    T.Integer({ minimum: 1, description: 'Largest file in bytes (default 31457280 = 30 MB).' }),
  ),
  valueType: T.Optional(
    T.Union([T.Literal('uuid'), T.Literal('url')], {
      description: 'uuid: an attachment group (default); url: the file URLs.',
    }),
  ),
})

const LovProps = strict({
  extra: T.Optional(T.Record(T.String(), T.Unknown(), { description: 'Extra query params of the view.' })),
})

/** The list, in the order the catalogue shows them. `satisfies` keeps each name's literal type. */
export const WIDGET_DEFINITIONS = [
  {
    name: 'Input',
    kind: 'field',
    always: true,
    listText: true,
    props: strict({
      type: T.Optional(
        T.Union([T.Literal('text'), T.Literal('password')], { description: 'password: masked.' }),
      ),
      allowClear: T.Optional(T.Boolean()),
    }),
  },
  {
    name: 'TextArea',
    kind: 'field',
    always: true,
    listText: true,
    searchWith: 'Input',
    props: strict({ rows: T.Optional(T.Integer({ minimum: 1, maximum: 40 })) }),
  },
  {
    name: 'InputNumber',
    kind: 'field',
    always: true,
    range: 'number',
    props: strict({ precision: T.Optional(T.Integer({ minimum: 0, maximum: 10 })) }),
  },
  {
    name: 'Select',
    kind: 'field',
    always: true,
    props: strict({ mode: T.Optional(T.Literal('multiple')) }),
  },
  { name: 'Switch', kind: 'field', always: true, searchWith: 'Select' },
  { name: 'DatePicker', kind: 'field', always: true, range: 'date' },
  { name: 'DatetimePicker', kind: 'field', always: true, range: 'datetime' },
  { name: 'Checkbox', kind: 'field', always: true, searchWith: 'Select' },
  { name: 'Radio', kind: 'field', always: true },
  { name: 'Lov', kind: 'field', lov: 'one', props: LovProps },
  { name: 'MulLov', kind: 'field', lov: 'many', props: LovProps },
  { name: 'Cron', kind: 'field' },
  { name: 'ScheduleTime', kind: 'field' },
  { name: 'Upload', kind: 'field', props: UploadProps },
  { name: 'MulSelect', kind: 'field' },
  { name: 'TimePicker', kind: 'field' },
  { name: 'ColorPicker', kind: 'field' },
  { name: 'MultiLangInput', kind: 'field', searchWith: 'Input' },
  {
    name: 'Rate',
    kind: 'field',
    props: strict({
      count: T.Optional(T.Integer({ minimum: 1, maximum: 10, description: 'Stars (default 5).' })),
      allowHalf: T.Optional(T.Boolean()),
    }),
  },
  {
    name: 'Progress',
    kind: 'field',
    props: strict({
      total: T.Optional(
        T.Number({ exclusiveMinimum: 0, description: 'The whole; absent: the value is a %.' }),
      ),
    }),
  },
  {
    name: 'DataHierarchy',
    kind: 'field',
    props: strict({
      dataHierarchyCode: T.String({
        pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
        description: 'The level picked from (e.g. COMPANY, INV_ORG, WAREHOUSE).',
      }),
      parentField: T.Optional(Text('Form field of the level above.')),
    }),
  },
  {
    name: 'DocumentEditor',
    kind: 'field',
    props: strict({
      format: T.Optional(Text('html, docx or a plain-text format.')),
      formatField: T.Optional(Text('Field of the form holding the format.')),
      dropped: T.Optional(T.Array(T.String())),
      droppedField: T.Optional(Text("Field holding the server's list of what saving a docx drops.")),
    }),
  },
  {
    name: 'DynamicForm',
    kind: 'field',
    props: strict({
      formCode: T.String({ pattern: '^[A-Z0-9_.-]+$', description: 'Code of the dynamic form.' }),
    }),
  },
  {
    name: 'PickSerials',
    kind: 'field',
    props: strict({
      path: ApiPath('GET path answering {lines: [...]}, its {fields} filled from the row'),
      service: T.Optional(Service),
    }),
  },
  { name: 'LineTable', kind: 'field' },
  {
    name: 'DimensionValue',
    kind: 'field',
    props: strict({
      fieldNameField: T.Optional(Text('Field naming the data dimension (default fieldName).')),
      operatorField: T.Optional(Text('Field holding the operator (default operator).')),
    }),
  },
  { name: 'ListPage', kind: 'page', always: true, renders: 'list' },
  { name: 'FormPage', kind: 'page', renders: 'form' },
  { name: 'MasterDetailPage', kind: 'page', renders: 'master-detail' },
  { name: 'TabsPage', kind: 'page', renders: 'tabs' },
  { name: 'DashboardPage', kind: 'page', renders: 'dashboard' },
  { name: 'SchemaPlayground', kind: 'page' },
  { name: 'PageDesigner', kind: 'page' },
  { name: 'ImportRunner', kind: 'page' },
  { name: 'ReportRunner', kind: 'page' },
  { name: 'LabelDesigner', kind: 'page' },
  { name: 'LabelPrint', kind: 'page' },
  { name: 'DocumentPrint', kind: 'page', props: DocumentPrintProps },
  { name: 'TemplateEditor', kind: 'page' },
  { name: 'ExpressTracker', kind: 'page' },
  { name: 'DeliveryAreaMap', kind: 'page' },
  { name: 'ScanStation', kind: 'page', props: ScanStationProps },
  { name: 'FormSection', kind: 'part', always: true },
  { name: 'SearchBar', kind: 'part', always: true },
  { name: 'OperationBar', kind: 'part', always: true },
  { name: 'DataTable', kind: 'part', always: true },
  { name: 'EditForm', kind: 'part' },
  { name: 'ExportDialog', kind: 'part' },
  { name: 'ActionDialog', kind: 'part' },
  { name: 'ExportTasks', kind: 'part' },
  { name: 'FilterTemplates', kind: 'part', always: true },
  { name: 'ColumnSettings', kind: 'part', always: true },
  { name: 'SearchRange', kind: 'part', always: true },
  { name: 'FormItem', kind: 'decorator', always: true },
] as const satisfies readonly PureWidgetDefinition[]

type Definitions = (typeof WIDGET_DEFINITIONS)[number]
export type WidgetName = Definitions['name']
export type FieldWidgetName = Extract<Definitions, { kind: 'field' }>['name']
export type PageWidgetName = Extract<Definitions, { kind: 'page' }>['name']
export type PartWidgetName = Extract<Definitions, { kind: 'part' }>['name']
export type DecoratorWidgetName = Extract<Definitions, { kind: 'decorator' }>['name']

/**
 * The props a page gives the widget `N`, as its schema says (a widget without a schema takes none).
 * @example function DocumentPrint({ page }: PageWidgetProps) { const props = customPageProps(page, 'DocumentPrint') }
 */
export type WidgetProps<N extends WidgetName> =
  Extract<Definitions, { name: N }> extends { props: infer S extends TSchema }
    ? Static<S>
    : Record<string, never>

const byName: ReadonlyMap<string, PureWidgetDefinition> = new Map(
  WIDGET_DEFINITIONS.map((definition) => [definition.name, definition]),
)

/** The pure definition named `name`, or undefined. */
export const widgetDefinition = (name: string): PureWidgetDefinition | undefined => byName.get(name)
