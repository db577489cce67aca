import type { WidgetDefinition } from '../../renderer/index'
import { flagCell } from '../shared/cell-texts'
import { FlagPretty } from '../shared/read-pretty'
import { Switch } from './Switch'

export const switchWidget: WidgetDefinition = {
  name: 'Switch',
  kind: 'field',
  component: Switch,
  readPretty: FlagPretty,
  cellText: flagCell,
  requiredMessage: 'select',
  description:
    'A 1/0 flag; read-only it shows the flag meaning (HPFM.ENABLED_FLAG unless lookupCode says otherwise).',
}
