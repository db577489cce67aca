/**
 * Every module's model behaviour, in one list (issue 20): the transition effects, write guards, row scopes and
 * write hooks server code adds to model files, each entry keyed by the model file's name. buildApp takes it
 * (`BuildAppOptions.behaviour`, this list by default), checks it against the model files at start and binds it
 * to its own models (modules/models/behaviour.ts); nothing else registers behaviour. Entries of one model run
 * in list order (e.g. winv's `return` check on wms/outbound-order before outbound's stock effect).
 */
import type { ModelBehaviour } from './modules/models/behaviour.ts'
import { etsScopeBehaviour } from './modules/ets/scope.ts'
import { shipmentBehaviour } from './modules/ets/shipments.ts'
import { hfleBehaviour } from './modules/hfle/index.ts'
import { identitySettingBehaviour } from './modules/hiam/identity-settings.ts'
import { permissionRuleBehaviour } from './modules/hpfm-admin/data-permission.ts'
import { masterDataRefBehaviour } from './modules/hpfm-admin/master-data-refs.ts'
import { settingBehaviour } from './modules/hpfm-admin/settings.ts'
import { outboundBehaviour } from './modules/outbound/effects.ts'
import { appointmentBehaviour } from './modules/winv-config/appointments.ts'
import { winvBehaviour } from './modules/winv/index.ts'

export const defaultModelBehaviour: readonly ModelBehaviour[] = [
  ...identitySettingBehaviour,
  ...settingBehaviour,
  ...permissionRuleBehaviour,
  ...masterDataRefBehaviour,
  ...hfleBehaviour,
  ...winvBehaviour,
  ...appointmentBehaviour,
  ...shipmentBehaviour,
  ...etsScopeBehaviour,
  ...outboundBehaviour,
]
