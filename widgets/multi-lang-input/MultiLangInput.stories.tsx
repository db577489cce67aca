import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiError } from '../../renderer/index'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FieldHarness } from '../../stories/support/FieldHarness'

const stored = () =>
  createFakeEnv({
    handlers: {
      ...warehouseBackend().handlers,
      'GET hpfm /v1/multi-language': () => [
        { code: 'zh_CN', name: '简体中文', value: '上海冷库' },
        { code: 'en_US', name: 'English', value: 'Shanghai cold store' },
        { code: 'zh_TW', name: '繁體中文', value: '上海冷庫' },
      ],
    },
  })
const unavailable = () =>
  createFakeEnv({
    handlers: {
      ...warehouseBackend().handlers,
      'GET hpfm /v1/multi-language': () => {
        throw new ApiError('The platform service is not available', 503, 'error.network')
      },
    },
  })

const field = (props: Record<string, unknown> = {}) => ({
  title: 'Warehouse name',
  'x-component': 'MultiLangInput',
  'x-component-props': { 'aria-label': 'Warehouse name', maxLength: 120, ...props },
})

const meta = {
  title: 'Fields/MultiLangInput',
  component: FieldHarness,
  args: { field: field() },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

/** A new record: nothing stored yet, the dialog starts blank apart from the current language. */
export const NewRecord: Story = {}
/** A saved warehouse: the dialog reads the stored translations. */
export const Stored: Story = {
  args: { initialValue: 'Shanghai cold store', field: field({ recordToken: 'wms/warehouse:1001' }) },
  parameters: { env: stored },
}
/** The read fails: blank values per language (PLAT-I18N-07) and a warning. */
export const LoadFails: Story = {
  args: { initialValue: 'Shanghai cold store', field: field({ recordToken: 'wms/warehouse:1001' }) },
  parameters: { env: unavailable },
}
export const ReadPretty: Story = { args: { initialValue: 'Shanghai cold store', readPretty: true } }
export const Disabled: Story = {
  args: { initialValue: 'Shanghai cold store', field: { ...field(), 'x-disabled': true } },
}
