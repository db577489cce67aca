import { code128B } from './code128'

/** A Code 128 barcode drawn as SVG bars filling the given box; a text it cannot encode is shown as text. */
export function Barcode({ value, width, height }: { value: string; width: string; height: string }) {
  let drawn: ReturnType<typeof code128B> | undefined
  try {
    drawn = value ? code128B(value) : undefined
  } catch {
    drawn = undefined
  }
  if (!drawn) return <span style={{ fontSize: 10 }}>{value}</span>
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${drawn.modules + 20} 60`}
      preserveAspectRatio="none"
      role="img"
      aria-label={value}
    >
      <rect x="0" y="0" width={drawn.modules + 20} height="60" fill="#fff" />
      {drawn.bars.map(([x, w]) => (
        <rect key={x} x={x + 10} y="2" width={w} height="46" fill="#000" />
      ))}
      <text x={(drawn.modules + 20) / 2} y="58" fontSize="10" textAnchor="middle">
        {value}
      </text>
    </svg>
  )
}
