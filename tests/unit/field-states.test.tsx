/**
 * The states of the plain field widgets' stories (empty, disabled, long texts, loading, each language), as a
 * user sees them. The widgets' own test files cover editing; tests/unit/all-stories.test.tsx renders them all.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as checkboxStories from '../../widgets/checkbox/Checkbox.stories'
import * as datePickerStories from '../../widgets/date-picker/DatePicker.stories'
import * as datetimeStories from '../../widgets/datetime-picker/DatetimePicker.stories'
import * as inputNumberStories from '../../widgets/input-number/InputNumber.stories'
import * as inputStories from '../../widgets/input/Input.stories'
import * as radioStories from '../../widgets/radio/Radio.stories'
import * as selectStories from '../../widgets/select/Select.stories'
import * as switchStories from '../../widgets/switch/Switch.stories'
import * as textAreaStories from '../../widgets/text-area/TextArea.stories'

const Input = composeStories(inputStories, preview)
const TextArea = composeStories(textAreaStories, preview)
const InputNumber = composeStories(inputNumberStories, preview)
const Radio = composeStories(radioStories, preview)
const Select = composeStories(selectStories, preview)
const Checkbox = composeStories(checkboxStories, preview)
const Switch = composeStories(switchStories, preview)
const DatePicker = composeStories(datePickerStories, preview)
const Datetime = composeStories(datetimeStories, preview)

/** Elements showing `text` to the user (not the harness's form-value outputs). */
const shown = (text: RegExp) => screen.getAllByText(text).filter((el) => !el.closest('output, textarea'))

const formValue = () => screen.getByTestId('form-value').textContent

describe('empty', () => {
  it('shows an empty control (with its placeholder) and keeps no value', async () => {
    render(<Input.Empty />)
    expect(screen.getByPlaceholderText('Name')).toHaveValue('')
    expect(formValue()).toBe('null')
  })
  it('text area, number, date: empty controls', () => {
    render(<TextArea.Empty />)
    expect(screen.getByRole('textbox')).toHaveValue('')
    render(<InputNumber.Empty />)
    expect(screen.getByRole('spinbutton')).toHaveValue('')
    render(<DatePicker.Empty />)
    expect(screen.getAllByRole('textbox').at(-1)).toHaveValue('')
  })
  it('radio, checkbox, switch: nothing chosen', async () => {
    render(<Radio.Empty />)
    const radios = await screen.findAllByRole('radio')
    expect(radios.length).toBe(4)
    radios.forEach((radio) => expect(radio).not.toBeChecked())
    render(<Checkbox.Empty />)
    expect(screen.getByRole('checkbox')).not.toBeChecked()
    render(<Switch.Empty />)
    expect(screen.getByRole('switch')).not.toBeChecked()
  })
})

describe('disabled', () => {
  it('shows the value in a control the user cannot change', async () => {
    render(<Input.Disabled />)
    expect(screen.getByRole('textbox')).toBeDisabled()
    expect(screen.getByRole('textbox')).toHaveValue('Shanghai East')
  })
  it('text area, number, select', async () => {
    render(<TextArea.Disabled />)
    expect(screen.getByRole('textbox')).toBeDisabled()
    render(<InputNumber.Disabled />)
    expect(screen.getByRole('spinbutton')).toBeDisabled()
    expect(screen.getByRole('spinbutton')).toHaveValue('1250.5')
    render(<Select.Disabled />)
    expect(screen.getByRole('combobox')).toBeDisabled()
    expect(await screen.findByText('Cold storage')).toBeInTheDocument()
  })
  it('radio, checkbox, switch, dates', async () => {
    render(<Radio.Disabled />)
    const submitted = await screen.findByRole('radio', { name: 'Submitted' })
    expect(submitted).toBeChecked()
    expect(submitted).toBeDisabled()
    render(<Checkbox.Disabled />)
    expect(screen.getByRole('checkbox')).toBeChecked()
    expect(screen.getByRole('checkbox')).toBeDisabled()
    render(<Switch.Disabled />)
    expect(screen.getByRole('switch')).toBeDisabled()
    render(<DatePicker.Disabled />)
    expect(screen.getByDisplayValue('21/11/2026')).toBeDisabled()
    render(<Datetime.Disabled />)
    expect(screen.getByDisplayValue('21/11/2026 08:30')).toBeDisabled()
  })
})

describe('long texts and large numbers', () => {
  it('keep the whole value, in edit and read-pretty', () => {
    render(<Input.LongText />)
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toMatch(
      /^Shanghai Waigaoqiao.*cold-chain consolidation warehouse \(north wing\)$/,
    )
    render(<Input.LongTextReadPretty />)
    expect(shown(/Waigaoqiao Free Trade Zone.*north wing/)).toHaveLength(1)
    render(<TextArea.LongText />)
    expect((screen.getAllByRole('textbox').at(-1) as HTMLTextAreaElement).value).toMatch(
      /^Receiving:[^]*\nWeekend: one shift/,
    )
    render(<TextArea.LongTextReadPretty />)
    expect(shown(/Hazardous goods/)).toHaveLength(1)
    render(<InputNumber.LargeNumber />)
    expect(screen.getAllByRole('spinbutton').at(-1)).toHaveValue('98765432.1')
  })
})

describe('loading', () => {
  it('a select whose value set has not arrived says it is loading and asked for it', async () => {
    render(<Select.Loading />)
    await waitFor(() => expect(document.querySelector('.ant-select-arrow-loading')).not.toBeNull())
    const call = currentStoryEnv().calls.find((c) => c.path === '/v1/1/lovs/value/batch')
    expect(call?.params).toEqual({ 'WMDM.WAREHOUSE_TYPE': 'WMDM.WAREHOUSE_TYPE' })
  })
})

describe('each language', () => {
  it('zh_TW and zh_CN meanings come from the value set in the session language', async () => {
    render(<Select.TraditionalChinese />)
    expect(await screen.findByText('冷庫')).toBeInTheDocument()
    render(<Select.SimplifiedChinese />)
    expect(await screen.findByText('保税仓')).toBeInTheDocument()
    render(<Radio.TraditionalChinese />)
    expect(await screen.findByRole('radio', { name: '新建' })).toBeChecked()
    render(<Input.TraditionalChinese />)
    expect(screen.getByText('台北內湖一號倉')).toBeInTheDocument()
  })
})
