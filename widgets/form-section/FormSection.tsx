import type { ReactNode } from 'react'

export interface FormSectionProps {
  title?: string
  /** Fields per row. */
  columns?: number
  children?: ReactNode
  /** The page designer's mark (design-marks.ts); absent outside the designer. */
  'data-design-pointer'?: string
}

/** A titled group of form fields laid out in `columns` equal columns. */
export function FormSection({ title, columns = 2, children, ...mark }: FormSectionProps) {
  return (
    <section className="wms-form-section" style={{ marginBottom: 8 }} {...mark}>
      {title ? <h3 style={{ fontSize: 14, fontWeight: 600, margin: '4px 0 12px' }}>{title}</h3> : null}
      <div
        style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: 16 }}
      >
        {children}
      </div>
    </section>
  )
}
