import type { WidgetDefinition } from '../../renderer/index'
import { DimensionValue, DimensionValuePretty } from './DimensionValue'

export const dimensionValueWidget: WidgetDefinition = {
  name: 'DimensionValue',
  kind: 'field',
  component: DimensionValue,
  readPretty: DimensionValuePretty,
  requiredMessage: 'enter',
  description:
    "A data permission rule's value: picked in the Lov of the enabled data dimension (sourceType LOV) that " +
    'follows the field named by fieldNameField (default fieldName), several rows for IN / NOT IN (kept ' +
    'comma-separated), while operatorField (default operator) is EQUAL, NOT_EQUAL, IN or NOT_IN; typed otherwise.',
}
