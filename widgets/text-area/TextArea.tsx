import { connect, mapProps, mapReadPretty } from '@formily/react'
import { Input as AntInput } from 'antd'
import { TextPretty } from '../shared/read-pretty'

/** Multi-line text (3–6 rows). */
export const TextArea = connect(
  AntInput.TextArea,
  mapProps((props) => ({ autoSize: { minRows: 3, maxRows: 6 }, ...props })),
  mapReadPretty(TextPretty),
)
