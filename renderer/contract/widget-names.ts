/**
 * Names of the platform's widgets by kind, derived from their pure definitions (./widget-definitions.ts, the one
 * list): read by the browser, `npm run schemas:check` and the server's page check, none of which loads React or
 * antd for it.
 */
import {
  WIDGET_DEFINITIONS,
  type DecoratorWidgetName,
  type FieldWidgetName,
  type PageWidgetName,
  type PartWidgetName,
  type WidgetKind,
  type WidgetName,
} from './widget-definitions'

export type { FieldWidgetName, PageWidgetName, PartWidgetName, WidgetName } from './widget-definitions'

const namesOf = <N extends WidgetName>(kind: WidgetKind) =>
  WIDGET_DEFINITIONS.filter((definition) => definition.kind === kind).map(
    (definition) => definition.name as N,
  )

export const FIELD_WIDGET_NAMES: readonly FieldWidgetName[] = namesOf('field')
export const PAGE_WIDGET_NAMES: readonly PageWidgetName[] = namesOf('page')
/** Parts the page widgets are built from; pages do not name them directly. */
export const PART_WIDGET_NAMES: readonly PartWidgetName[] = namesOf('part')
/** The form item around every field (Formily's x-decorator). */
export const DECORATOR_WIDGET_NAMES: readonly DecoratorWidgetName[] = namesOf('decorator')

export const WIDGET_NAMES: readonly WidgetName[] = WIDGET_DEFINITIONS.map((definition) => definition.name)
