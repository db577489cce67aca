import { connect, mapReadPretty } from '@formily/react'
import { LovPicker, type LovPickerProps } from './LovPicker'
import { LovPretty } from './LovPretty'

/** Single-choice value-list picker (Formily field): stores the row's valueField, shows its displayField. */
export const Lov = connect(
  (props: LovPickerProps) => <LovPicker {...props} multiple={false} />,
  mapReadPretty(LovPretty),
)
