/**
 * The widget registry: an explicit list of definitions passed in (never registration by import side effect).
 * `get` throws a loud error naming the widget and the closest registered name, because Formily would otherwise
 * render an unknown component name as an empty, unknown DOM tag.
 */
import { lazy, type ComponentType } from 'react'
import type { WidgetKind } from '../contract/widget-definitions'
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

export type { WidgetKind }

/**
 * A widget's code, loaded with its chunk. What is known without it (kind, behaviour, the schema of its props) is
 * its pure definition (renderer/contract/widget-definitions.ts), which the server and the CLI read too.
 */
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
  /** Field widgets: which required message applies — "Please enter {name}" or "Please select {name}". */
  requiredMessage?: 'enter' | 'select'
  description?: string
}

/**
 * A widget the registry knows by name and kind before its code is loaded: `load` fetches its chunk (once). The app
 * lists its widgets as entries (widgets/index.ts), so a page downloads only the widgets it names.
 */
export interface WidgetEntry {
  name: string
  kind: WidgetKind
  load: () => Promise<WidgetDefinition>
  /** Loaded with every page (the shared chunk of the fields and parts nearly every page uses). */
  always?: boolean
  /**
   * The widget's cell text, known without its code: a table draws these cells at once instead of waiting for the
   * widget's chunk (its read-pretty component). The loaded definition must name the same function.
   */
  cellText?: CellText
}

export interface WidgetRegistry {
  /**
   * The definition named `name`; throws (with a suggestion) when there is none. A widget whose code is not loaded
   * yet answers a stand-in that suspends until it is (pages load what they name first, see `load`).
   */
  get(name: string): WidgetDefinition
  has(name: string): boolean
  names(): string[]
  /** name → component, for Formily's SchemaField (`kind` filters); stand-ins for widgets not loaded yet. */
  components(...kinds: WidgetKind[]): Record<string, ComponentType<unknown>>
  /** Whether every one of `names` (unknown names ignored) and every `always` widget is loaded. */
  loaded(names: Iterable<string>): boolean
  /**
   * Loads `names` (unknown names ignored) and the `always` widgets, all requested at once; resolves when every
   * one is there. A failed chunk rejects (the page shows the error) and is tried again at the next call.
   */
  load(names: Iterable<string>): Promise<void>
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

const isEntry = (item: WidgetDefinition | WidgetEntry): item is WidgetEntry =>
  typeof (item as WidgetEntry).load === 'function'

/** Shown by a widget stand-in whose definition has no read-only rendering. */
const PlainText = ({ value }: ReadPrettyProps) => (value === null || value === undefined ? '' : String(value))

/**
 * @example const registry = createRegistry(widgetEntries); await registry.load(['Select']); registry.get('Select')
 */
export function createRegistry(items: readonly (WidgetDefinition | WidgetEntry)[]): WidgetRegistry {
  const entries = new Map<string, WidgetEntry>()
  const definitions = new Map<string, WidgetDefinition>()
  const pending = new Map<string, Promise<WidgetDefinition>>()
  const standIns = new Map<string, WidgetDefinition>()
  for (const item of items) {
    if (entries.has(item.name) || definitions.has(item.name)) {
      throw new Error(
        `widget '${item.name}' is registered twice: remove one of the definitions from the list`,
      )
    }
    if (isEntry(item)) entries.set(item.name, item)
    else definitions.set(item.name, item)
  }
  const names = [...new Set([...entries.keys(), ...definitions.keys()])]
  const always = [...entries.values()].filter((entry) => entry.always).map((entry) => entry.name)

  const loadOne = (name: string): Promise<WidgetDefinition> => {
    const known = definitions.get(name)
    if (known) return Promise.resolve(known)
    let promise = pending.get(name)
    if (!promise) {
      const entry = entries.get(name)!
      promise = entry.load().then(
        (definition) => {
          if (definition.name !== entry.name || definition.kind !== entry.kind) {
            throw new Error(
              `widget entry '${entry.name}' (${entry.kind}) loaded the definition '${definition.name}' (${definition.kind}): correct its loader in the widget list`,
            )
          }
          if (entry.cellText && definition.cellText !== entry.cellText) {
            throw new Error(
              `widget '${entry.name}': its entry's cellText is not its definition's (tables would draw its cells two ways): give both the same function`,
            )
          }
          definitions.set(name, definition)
          return definition
        },
        (error: unknown) => {
          pending.delete(name)
          throw error
        },
      )
      pending.set(name, promise)
    }
    return promise
  }
  /** A definition that renders the widget once its chunk is there (React.lazy); made once per name. */
  const standIn = (entry: WidgetEntry): WidgetDefinition => {
    let made = standIns.get(entry.name)
    if (!made) {
      made = {
        name: entry.name,
        kind: entry.kind,
        component: lazy(() => loadOne(entry.name).then((d) => ({ default: d.component }))),
        readPretty: lazy(() => loadOne(entry.name).then((d) => ({ default: d.readPretty ?? PlainText }))),
        ...(entry.cellText ? { cellText: entry.cellText } : {}),
      }
      standIns.set(entry.name, made)
    }
    return made
  }
  const definitionOf = (name: string) => {
    const definition = definitions.get(name)
    if (definition) return definition
    const entry = entries.get(name)
    return entry ? standIn(entry) : undefined
  }
  const wanted = (requested: Iterable<string>) =>
    [...new Set([...requested, ...always])].filter((name) => entries.has(name) || definitions.has(name))
  return {
    get(name) {
      const definition = definitionOf(name)
      if (!definition) throw new UnknownWidgetError(name, names)
      return definition
    },
    has: (name) => entries.has(name) || definitions.has(name),
    names: () => [...names],
    // Getters, read when Formily renders a node: a widget loaded after the map was made is used directly, not
    // through its stand-in.
    components: (...kinds) => {
      const map: Record<string, ComponentType<unknown>> = {}
      for (const name of names) {
        if (kinds.length && !kinds.includes(definitionOf(name)!.kind)) continue
        Object.defineProperty(map, name, {
          enumerable: true,
          get: () => definitionOf(name)!.component as ComponentType<unknown>,
        })
      }
      return map
    },
    loaded: (requested) => wanted(requested).every((name) => definitions.has(name)),
    load: async (requested) => {
      await Promise.all(wanted(requested).map(loadOne))
    },
  }
}
