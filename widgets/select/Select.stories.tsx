import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv } from '../../stories/support/fake-env'

const meta = {
  title: 'Fields/Select',
  component: FieldHarness,
  args: {
    field: {
      title: 'Warehouse type',
      'x-component': 'Select',
      'x-component-props': { lookupCode: 'WMDM.WAREHOUSE_TYPE' },
    },
  },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Edit: Story = { args: { initialValue: 'COLD' } }
export const ReadPretty: Story = { args: { initialValue: 'BONDED', readPretty: true } }

export const Empty: Story = {}
export const Disabled: Story = {
  args: {
    initialValue: 'COLD',
    field: {
      title: 'Warehouse type',
      'x-component': 'Select',
      'x-disabled': true,
      'x-component-props': { lookupCode: 'WMDM.WAREHOUSE_TYPE' },
    },
  },
}
/** The value set has not arrived yet: the select shows it is loading. */
export const Loading: Story = {
  args: { initialValue: 'COLD' },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...warehouseBackend().handlers,
          'GET hpfm /v1/1/lovs/value/batch': () => new Promise(() => {}),
        },
      }),
  },
}
/** The meanings in zh_TW and zh_CN come from the seed's value set in that language. */
export const TraditionalChinese: Story = {
  args: { initialValue: 'COLD', readPretty: true },
  globals: { locale: 'zh_TW' },
}
export const SimplifiedChinese: Story = {
  args: { initialValue: 'BONDED', readPretty: true },
  globals: { locale: 'zh_CN' },
}
