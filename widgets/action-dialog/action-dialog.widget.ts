import type { WidgetDefinition } from '../../renderer/index'
import { ActionDialog } from './ActionDialog'

export const actionDialogWidget: WidgetDefinition = {
  name: 'ActionDialog',
  kind: 'part',
  component: ActionDialog,
  description:
    "A server action that asks for its request body first: the action's dialog fields in a modal, checked in the " +
    "browser, POSTed; the server's refusal is shown in the dialog with the input kept.",
}
