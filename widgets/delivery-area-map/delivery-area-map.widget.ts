import type { WidgetDefinition } from '../../renderer/index'
import { DeliveryAreaMap } from './DeliveryAreaMap'

export const deliveryAreaMapWidget: WidgetDefinition = {
  name: 'DeliveryAreaMap',
  kind: 'page',
  component: DeliveryAreaMap,
  description:
    'Custom page: tile-grid map of China coloured by the warehouse serving each province, with the delivery area list below.',
}
