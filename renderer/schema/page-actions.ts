/**
 * Actions: toolbar buttons and row actions. Each names the permission code that gates it in the browser and
 * guards the endpoint on the server. Discriminated by `type`, so an unknown type is reported as such.
 */
import { Type, type TProperties } from '@sinclair/typebox'

export const PermissionCode = Type.String({
  pattern: '^[a-z][A-Za-z0-9]*\\.[a-z][A-Za-z0-9]*\\.button\\.[a-z][A-Za-z0-9-]*$',
  description:
    'Permission code "<module>.<page>.button.<action>", e.g. wmdm.warehouse.button.create. For create, edit, delete ' +
    "and export it must equal the model's guard for the same operation.",
})

const base = {
  key: Type.Optional(
    Type.String({
      pattern: '^[a-z][A-Za-z0-9]*$',
      description: 'Unique id of the action in the page (defaults to its type or name).',
    }),
  ),
  label: Type.Optional(
    Type.Ref('TextKey', {
      description: 'Text key of the button; defaults to the shared text of the action type.',
    }),
  ),
  permission: Type.Ref('PermissionCode'),
  visibleWhen: Type.Optional(
    Type.Ref('Condition', {
      description:
        'Row actions: shown only for rows matching it, e.g. {"field": "orderStatus", "op": "in", "value": ["NEW"]} for an action the lifecycle allows only from NEW (the server refuses it in any other status anyway).',
    }),
  ),
}

const Confirm = Type.Object(
  {
    title: Type.Ref('TextKey', { description: 'Text key of the question, e.g. "Delete this warehouse?".' }),
    content: Type.Optional(
      Type.Ref('TextKey', { description: 'Text key of the explanation under the question.' }),
    ),
  },
  { additionalProperties: false, description: 'Ask before doing it; the action runs only when confirmed.' },
)

const DialogFieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' })

export const ActionDialog = Type.Object(
  {
    title: Type.Optional(
      Type.Ref('TextKey', { description: "Text key of the dialog's title (default: the action's label)." }),
    ),
    fields: Type.Ref('Fields', {
      description:
        "The dialog's own field dictionary (same language as the page's fields: widgets, required, min/max, " +
        'precision, pattern, Lov and Select lookups, linkage between the dialog fields). Their values become the ' +
        'request body. Checked in the browser before sending, and by the server.',
    }),
    sections: Type.Optional(
      Type.Array(Type.Ref('FormSection'), {
        minItems: 1,
        description: 'Groups of the dialog fields, top to bottom (default: every field in one section).',
      }),
    ),
    width: Type.Optional(Type.Integer({ minimum: 320, description: 'Dialog width in px (default 560).' })),
    fromRow: Type.Optional(
      Type.Record(DialogFieldName, DialogFieldName, {
        description:
          'Row actions: dialog fields that start with a value of the row, dialog field → row field, e.g. ' +
          '{"batchCode": "batchCode"}.',
      }),
    ),
    send: Type.Optional(
      Type.Array(DialogFieldName, {
        uniqueItems: true,
        description:
          'Row actions: row fields sent with the dialog values (e.g. ["inboundLineId"]); the rest of the row is ' +
          'not sent. Without a dialog a row action sends the whole row.',
      }),
    ),
    lists: Type.Optional(
      Type.Array(DialogFieldName, {
        uniqueItems: true,
        description:
          'Text fields (Input, TextArea) whose text is sent as a list: split at line breaks, commas and ' +
          'semicolons, blanks dropped (e.g. serial numbers, one per line or scanned in a row).',
      }),
    ),
    wrap: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description:
          'Send the values as a one-element list under this name: "lines" sends {"lines": [{…values}]} (the ' +
          'shape of the line-wise document steps, e.g. receive and returnGoods of an inbound order).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A form in a modal that the action opens first: the values (with the `send` row fields) are POSTed as the ' +
      'body. A refusal of the server is shown in the dialog (its message, and each of its `fields` on the field) ' +
      'and the input is kept.',
  },
)

const action = <T extends string, E extends TProperties = Record<never, never>>(
  type: T,
  description: string,
  extra: E = {} as E,
) =>
  Type.Object(
    { type: Type.Literal(type, { description }), ...base, ...extra },
    { additionalProperties: false, description },
  )

export const Action = Type.Union(
  [
    action('create', 'Toolbar: opens the empty form; saving POSTs to the data source path.'),
    action('edit', 'Row: opens the form with the row; saving PUTs it with its objectVersionNumber.'),
    action('delete', 'Row: asks for confirmation, then DELETEs the row.', {
      confirm: Type.Optional(Confirm),
    }),
    action('view', 'Row: opens the form read-only.', {
      permission: Type.Optional(
        Type.Ref('PermissionCode', { description: 'Omit: everyone who sees the page.' }),
      ),
    }),
    action('navigate', 'Goes to another route; {field} placeholders are filled from the row (row actions).', {
      to: Type.String({
        pattern: '^/',
        description: 'Route pattern, e.g. "/winv/jxsOutboundOrder/detail/{id}".',
      }),
      permission: Type.Optional(
        Type.Ref('PermissionCode', { description: 'Omit: everyone who sees the page.' }),
      ),
    }),
    action(
      'action',
      'A named server action: POSTs to `path` (row actions send the row, or the values of its `dialog`), then reloads.',
      {
        name: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Action name, e.g. "execute".' }),
        label: Type.Ref('TextKey', { description: 'Text key of the button.' }),
        path: Type.String({
          pattern: '^/v1(/[A-Za-z0-9{}_.-]+)+$',
          description:
            'POST path after the service prefix; {tenantId}, route {params} and row {fields} are filled.',
        }),
        confirm: Type.Optional(Confirm),
        successMessage: Type.Optional(
          Type.Ref('TextKey', {
            description:
              'Text key shown after success; {field} placeholders are filled from the server\'s answer (its top-level fields), e.g. "Connected: {message}". An answer {ok: false, message} (a test that reached its target and failed) shows its message as a warning instead.',
          }),
        ),
        dialog: Type.Optional(
          Type.Ref('ActionDialog', {
            description:
              'Ask for a request body first (fields in a modal); without it the row itself is sent.',
          }),
        ),
      },
    ),
    action(
      'export',
      'Toolbar: exports the filtered rows (rendered once an ExportDialog widget is registered).',
    ),
  ],
  {
    discriminator: { propertyName: 'type' },
    description: 'A button: create, edit, delete, view, navigate, action (server) or export.',
  },
)

/**
 * A row action naming a transition of its block's model lifecycle (transition-actions.ts): the path, the
 * permission code and `visibleWhen` come from the model file; the page gives its label and, if it wants, a
 * confirmation, a success message, a dialog and a key.
 */
export const TransitionAction = Type.Object(
  {
    transition: Type.String({
      pattern: '^[a-z][A-Za-z0-9]*$',
      description:
        'Action of the model\'s lifecycle to run (e.g. "pick"): POSTs to <resource>/{id}/<action> with the transition\'s permission code, shown only in its `from` statuses.',
    }),
    key: base.key,
    label: Type.Ref('TextKey', { description: 'Text key of the button.' }),
    confirm: Type.Optional(Confirm),
    successMessage: Type.Optional(
      Type.Ref('TextKey', {
        description: 'Text key shown after success ({field} placeholders from the answer).',
      }),
    ),
    dialog: Type.Optional(
      Type.Ref('ActionDialog', {
        description: 'Ask for a request body first (fields in a modal); without it the row itself is sent.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Row: runs a transition of the model's lifecycle, taking its path, permission and visibleWhen from the model file.",
  },
)

/**
 * A row action: a full action, or one naming a transition, chosen by the presence of `transition` (so a mistake
 * in either is reported against that one alone; page.ts writes it as if/then/else). Its static type is the
 * completed action: inheritModel turns every transition into a full action before a page is validated.
 */
export const RowAction = Type.Ref('Action', {
  orTransition: true,
  description:
    'A row button: edit, delete, view, navigate, action, or {"transition": …} of the model lifecycle.',
})
