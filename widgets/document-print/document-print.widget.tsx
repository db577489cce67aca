import type { WidgetDefinition } from '../../renderer/index'
import { DocumentPrint } from './DocumentPrint'

export const documentPrintWidget: WidgetDefinition = {
  name: 'DocumentPrint',
  kind: 'page',
  component: DocumentPrint,
  description:
    'Custom page: a document and its lines as a printable sheet (number as barcode, copies; header and footer from the general templates WMS.PRINT_HEADER / WMS.PRINT_FOOTER, else built-in); Print records the print (wms print-records/record) and opens window.print. Props: docType, service, path, idParam, numberField, heading, fields ({field, label, lookupCode?}), lines {path, parentField, parentFrom?, sort, columns}.',
}
