import type { WidgetDefinition } from '../../renderer/index'
import { ExpressTracker } from './ExpressTracker'

export const expressTrackerWidget: WidgetDefinition = {
  name: 'ExpressTracker',
  kind: 'page',
  component: ExpressTracker,
  description:
    'Custom page: express query by waybill or order numbers (up to 20), each parcel with its tracking timeline.',
}
