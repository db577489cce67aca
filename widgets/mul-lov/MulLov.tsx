import { connect, mapReadPretty } from '@formily/react'
import { LovPicker, type LovPickerProps } from '../lov/LovPicker'
import { LovPretty } from '../lov/LovPretty'

/** Multiple-choice value-list picker: the value is the list of chosen rows' valueField; pages keep selections. */
export const MulLov = connect(
  (props: LovPickerProps) => <LovPicker {...props} multiple />,
  mapReadPretty(LovPretty),
)
