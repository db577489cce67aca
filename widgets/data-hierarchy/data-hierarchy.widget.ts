import type { WidgetDefinition } from '../../renderer/index'
import { DataHierarchyPretty, DataHierarchySelect } from './DataHierarchySelect'

export const dataHierarchyWidget: WidgetDefinition = {
  name: 'DataHierarchy',
  kind: 'field',
  component: DataHierarchySelect,
  readPretty: DataHierarchyPretty,
  requiredMessage: 'select',
  description:
    'Picks a value of one data hierarchy level (dataHierarchyCode, e.g. COMPANY / INV_ORG / WAREHOUSE) from ' +
    '/hpfm/v1/{tenantId}/data-hierarchies/switch/value/details; parentField names the form field of the level above.',
}
