import type { WidgetDefinition } from '../../renderer/index'
import { ScanStation } from './ScanStation'

export const scanStationWidget: WidgetDefinition = {
  name: 'ScanStation',
  kind: 'page',
  component: ScanStation,
  description:
    'Custom page for a handheld (360–480 px): keyboard-wedge scanning of a document (scanned number or ?<idParam>=) and its lines in walking order — location, goods (any of codeFields), quantity — with green/red feedback and a tone per scan; Confirm posts {scans: [{<keyName>, locationCode, barcode, quantity}]} to the confirm action, which checks them again. Props: service, document {path, idParam, numberField, statusField?, statuses?}, lines {path (may name {<idParam>}), parentField?, rowsField?, sort?, filters?, keyField, locationField?, codeFields, quantityField, titleField, detailFields?, lotField?, expiryField?}, steps? (location, goods, lot, expiry, quantity in the order given), anyLocation?, counting?, found? {path, parentField, goods {path, codeFields, titleField, lotFields?, expiryField?}} (counting: goods no line at the location expects are asked about and added as found goods at once), confirm {path, keyName, permission?, partial?}. Picking, receiving, put-away and counting pages use it.',
}
