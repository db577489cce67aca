/**
 * The widget registry: an explicit list of definitions passed in (never registration by import side effect).
 * `get` throws a loud error naming the widget and the closest registered name, because Formily would otherwise
 * render an unknown component name as an empty, unknown DOM tag.
 */
import type { ComponentType } from 'react'
import type { FieldSpec } from '../schema/page'
import { suggestName } from '../schema/suggest'

/** Props of a widget's read-only rendering (table cells, read-pretty forms). */
export interface ReadPrettyProps {
  value: unknown
  /** The field's definition in the page (lookupCode, precision, props…). */
  spec?: FieldSpec
  /** The whole row, when rendered in a table. */
  record?: Record<string, unknown>
}

/** What a column's cell text may read; resolved once per table column, never per cell. */
export interface CellTextContext {
  /** value → meaning of a value set; undefined while it loads (the table asks for it and draws again). */
  meanings(code: string): ReadonlyMap<string, string> | undefined
  /** The user's date and date-time display formats (dayjs tokens). */
  dateFormat: string
  dateTimeFormat: string
  /** The quantity precision of the user's warehouse, for fields whose precision is "warehouse". */
  quantityPrecision?: number
}

/**
 * A widget's read-only rendering as plain text, for table cells: given the column's field and context it returns
 * value → text. Tables draw such cells as text (memoised per value and column) instead of mounting the
 * `readPretty` component in every cell; it must show the same text as `readPretty`.
 */
export type CellText = (spec: FieldSpec | undefined, context: CellTextContext) => (value: unknown) => string

export type WidgetKind = 'field' | 'page' | 'part' | 'decorator'

export interface WidgetDefinition {
  /** Name pages and compiled schemas use (PascalCase). */
  name: string
  kind: WidgetKind
  /** The component: field widgets are Formily-connected; page widgets get PageWidgetProps. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different prop shapes share one list
  component: ComponentType<any>
  /** Read-only rendering of a value (field widgets). */
  readPretty?: ComponentType<ReadPrettyProps>
  /** The same read-only rendering as plain text, for table cells (see CellText); absent → `readPretty`. */
  cellText?: CellText
  /** JSON Schema of the props the widget accepts from a page (`fields.<name>.props`). */
  props?: Record<string, unknown>
  /** Field widgets: which required message applies — "Please enter {name}" or "Please select {name}". */
  requiredMessage?: 'enter' | 'select'
  description?: string
}

export interface WidgetRegistry {
  /** The definition named `name`; throws (with a suggestion) when there is none. */
  get(name: string): WidgetDefinition
  has(name: string): boolean
  names(): string[]
  /** name → component, for Formily's SchemaField (`kind` filters). */
  components(...kinds: WidgetKind[]): Record<string, ComponentType<unknown>>
}

export class UnknownWidgetError extends Error {
  constructor(
    readonly widget: string,
    known: string[],
  ) {
    super(`unknown widget '${widget}' (${suggestName(widget, known, 'registered widgets')})`)
    this.name = 'UnknownWidgetError'
  }
}

/**
 * @example const registry = createRegistry(defaultWidgets); registry.get('Select').component
 */
export function createRegistry(definitions: readonly WidgetDefinition[]): WidgetRegistry {
  const byName = new Map<string, WidgetDefinition>()
  for (const definition of definitions) {
    if (byName.has(definition.name)) {
      throw new Error(
        `widget '${definition.name}' is registered twice: remove one of the definitions from the list`,
      )
    }
    byName.set(definition.name, definition)
  }
  const names = [...byName.keys()]
  return {
    get(name) {
      const definition = byName.get(name)
      if (!definition) throw new UnknownWidgetError(name, names)
      return definition
    },
    has: (name) => byName.has(name),
    names: () => [...names],
    components: (...kinds) =>
      Object.fromEntries(
        [...byName.values()]
          .filter((d) => !kinds.length || kinds.includes(d.kind))
          .map((d) => [d.name, d.component as ComponentType<unknown>]),
      ),
  }
}
