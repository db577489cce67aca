import { connect, mapReadPretty } from '@formily/react'
import { Input as AntInput } from 'antd'
import { TextPretty } from '../shared/read-pretty'

/** Single-line text. */
export const Input = connect(AntInput, mapReadPretty(TextPretty))
