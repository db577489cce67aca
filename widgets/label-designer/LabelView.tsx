import { Barcode } from './Barcode'
import { elementValue, type LabelElement } from './label-elements'

/** One label at its real size (CSS millimetres): the elements filled from `row`. */
export function LabelView({
  width,
  height,
  elements,
  row,
}: {
  width: number
  height: number
  elements: LabelElement[]
  row: Record<string, unknown>
}) {
  return (
    <div
      className="hrpt-label"
      style={{
        position: 'relative',
        width: `${width}mm`,
        height: `${height}mm`,
        border: '1px dashed #bbb',
        background: '#fff',
        overflow: 'hidden',
        breakInside: 'avoid',
      }}
    >
      {elements.map((element, index) => (
        <div
          key={index}
          style={{
            position: 'absolute',
            left: `${element.x}mm`,
            top: `${element.y}mm`,
            width: `${element.width}mm`,
            height: `${element.height}mm`,
            fontSize: `${element.fontSize ?? 10}pt`,
            lineHeight: 1.1,
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          {element.type === 'barcode' ? (
            <Barcode value={elementValue(element, row)} width="100%" height="100%" />
          ) : (
            elementValue(element, row)
          )}
        </div>
      ))}
    </div>
  )
}
