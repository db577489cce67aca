/**
 * The `props` each widget takes from a page, as TypeBox schemas keyed by the names of its pure definition
 * (./widget-definitions.ts; TypeScript refuses a key that is not one): a widget without an entry takes none.
 * Read by the page check (renderer/schema/semantic-widgets.ts: `npm run schemas:check`, the server, the browser's
 * validators) and, as types only, by the components: `WidgetProps<'Name'>` is `Static` of the schema, so the two
 * cannot drift. Kept apart from the definitions so the chunk every schema page loads carries no schema.
 *
 * TypeBox through `T.Object`, `T.String`… (named exports), not `Type.Object`: the `Type` builder would bring
 * every TypeBox builder into the validators' chunk.
 */
import * as T from '@sinclair/typebox'
import type { Static, TSchema } from '@sinclair/typebox'
import type { WidgetName } from './widget-definitions'
import { SERVICE_NAMES } from './wire'

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
      path: ApiPath(
        'The lines (may name the document with {<idParam>}, e.g. inbound-orders/{inboundOrderId}/receive-lines)',
      ),
      parentField: T.Optional(
        Text('Query parameter naming the document (a list endpoint); leave out when path names it.'),
      ),
      rowsField: T.Optional(Text('Field of the answer holding the rows when it is not a page (e.g. lines).')),
      sort: T.Optional(Text('Walking order (e.g. pickPath,asc).')),
      filters: T.Optional(
        T.Record(T.String(), T.Union([T.String(), T.Number()]), { description: 'Fixed filters.' }),
      ),
      keyField: Text('Key of a line (sent as confirm.keyName).'),
      locationField: T.Optional(
        Text('Field of the location to scan (the suggested place with anyLocation); leave out when none.'),
      ),
      codeFields: T.Array(T.String(), { minItems: 1, description: 'Fields a goods scan may read.' }),
      quantityField: Text('Field of the quantity to scan.'),
      titleField: Text('Field shown as the line title.'),
      lotField: T.Optional(
        Text(
          'Line field saying whether its lot is scanned (e.g. batchManaged): the lot step is skipped where false.',
        ),
      ),
      expiryField: T.Optional(
        Text(
          "Line field saying whether the lot's expiry date is scanned (e.g. expiryManaged): the expiry step is skipped where false.",
        ),
      ),
      detailFields: T.Optional(T.Array(T.String())),
    },
    'The lines in walking order, each one line of work (a line with nothing to do is left out, except when counting).',
  ),
  steps: T.Optional(
    T.Array(
      T.Union([
        T.Literal('location'),
        T.Literal('goods'),
        T.Literal('lot'),
        T.Literal('expiry'),
        T.Literal('quantity'),
      ]),
      {
        description:
          "The steps per line, in order (default location, goods, quantity); expiry: the lot's expiry date (YYYY-MM-DD or YYYYMMDD).",
      },
    ),
  ),
  anyLocation: T.Optional(
    T.Boolean({
      description:
        "Any location scanned is taken, not only the line's (put-away overriding a suggestion; the server checks).",
    }),
  ),
  counting: T.Optional(
    T.Boolean({
      description: 'The quantity typed is what was found (a blind count): 0 or more, once per line.',
    }),
  ),
  found: T.Optional(
    strict(
      {
        path: ApiPath(
          'POST path adding a line of found goods (e.g. stock-count-lines): body {<parentField>, locationCode, barcode, batchCode?, expiryDate?, countedQuantity}',
        ),
        parentField: Text('Body field naming the document (e.g. stockCountId).'),
        goods: strict(
          {
            path: ApiPath('The goods list a scanned code is looked up in (e.g. goods)'),
            codeFields: T.Array(T.String(), {
              minItems: 1,
              description:
                'Filters tried in order with the scanned code, exact match (e.g. barcode, goodsCode).',
            }),
            titleField: Text('Field shown as the goods title.'),
            lotFields: T.Optional(
              T.Array(T.String(), { description: 'Flags of which any set means the lot is asked.' }),
            ),
            expiryField: T.Optional(Text("Flag saying the lot's expiry date is asked.")),
          },
          'Where the goods of a scanned code are read (whether they exist, and track lot or expiry).',
        ),
      },
      'Counting only: goods scanned at the current location that no line there expects are offered as found goods (confirm, then lot and expiry where tracked, then quantity) and added at once through this path.',
    ),
  ),
  confirm: strict(
    {
      path: ApiPath('POST path confirming the work, with {<idParam>}'),
      keyName: Text('Name of the line key in each scan sent.'),
      permission: T.Optional(Text('Permission code of the confirmation.')),
      partial: T.Optional(
        T.Boolean({ description: 'Confirm is offered once anything is scanned (a partial receipt).' }),
      ),
    },
    'The action that confirms the work: body {scans: [{<keyName>, locationCode, barcode, lotCode?, quantity}]}; the server checks them again.',
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

/** Widget name → the schema of the props a page may give it. */
export const WIDGET_PROPS = {
  Input: strict({
    type: T.Optional(
      T.Union([T.Literal('text'), T.Literal('password')], { description: 'password: masked.' }),
    ),
    allowClear: T.Optional(T.Boolean()),
  }),
  TextArea: strict({ rows: T.Optional(T.Integer({ minimum: 1, maximum: 40 })) }),
  InputNumber: strict({ precision: T.Optional(T.Integer({ minimum: 0, maximum: 10 })) }),
  Select: strict({ mode: T.Optional(T.Literal('multiple')) }),
  Lov: LovProps,
  MulLov: LovProps,
  Upload: UploadProps,
  Rate: strict({
    count: T.Optional(T.Integer({ minimum: 1, maximum: 10, description: 'Stars (default 5).' })),
    allowHalf: T.Optional(T.Boolean()),
  }),
  Progress: strict({
    total: T.Optional(T.Number({ exclusiveMinimum: 0, description: 'The whole; absent: the value is a %.' })),
  }),
  DataHierarchy: strict({
    dataHierarchyCode: T.String({
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      description: 'The level picked from (e.g. COMPANY, INV_ORG, WAREHOUSE).',
    }),
    parentField: T.Optional(Text('Form field of the level above.')),
  }),
  DocumentEditor: strict({
    format: T.Optional(Text('html, docx or a plain-text format.')),
    formatField: T.Optional(Text('Field of the form holding the format.')),
    dropped: T.Optional(T.Array(T.String())),
    droppedField: T.Optional(Text("Field holding the server's list of what saving a docx drops.")),
  }),
  DynamicForm: strict({
    formCode: T.String({ pattern: '^[A-Z0-9_.-]+$', description: 'Code of the dynamic form.' }),
  }),
  PickSerials: strict({
    path: ApiPath('GET path answering {lines: [...]}, its {fields} filled from the row'),
    service: T.Optional(Service),
  }),
  DimensionValue: strict({
    fieldNameField: T.Optional(Text('Field naming the data dimension (default fieldName).')),
    operatorField: T.Optional(Text('Field holding the operator (default operator).')),
  }),
  DocumentPrint: DocumentPrintProps,
  ScanStation: ScanStationProps,
} as const satisfies { readonly [N in WidgetName]?: TSchema }

/** The schema of the props `name` takes, or undefined: it takes none. */
export const widgetPropsSchema = (name: string): TSchema | undefined =>
  (WIDGET_PROPS as Readonly<Record<string, TSchema>>)[name]

/**
 * The props a page gives the widget `N`, as its schema says (a widget without a schema takes none).
 * @example function DocumentPrint({ page }: PageWidgetProps) { const props = customPageProps(page, 'DocumentPrint') }
 */
export type WidgetProps<N extends WidgetName> = N extends keyof typeof WIDGET_PROPS
  ? Static<(typeof WIDGET_PROPS)[N]>
  : Record<string, never>
