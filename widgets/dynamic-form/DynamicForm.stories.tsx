import type { Meta, StoryObj } from '@storybook/react-vite'
import { dynamicFormBackend } from '../../stories/fixtures/dynamic-form-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FormHarness } from '../../stories/support/FormHarness'

const backend = () => createFakeEnv({ handlers: dynamicFormBackend() })
const extra = (formCode = 'HFLE.STORAGE_EXTRA', more: Record<string, unknown> = {}) => ({
  title: 'Extra parameters',
  'x-component': 'DynamicForm',
  'x-component-props': { formCode },
  ...more,
})

const meta = {
  title: 'Fields/DynamicForm',
  component: FormHarness,
  args: { fields: { extraParams: extra() } },
  parameters: { env: backend },
} satisfies Meta<typeof FormHarness>
export default meta
type Story = StoryObj<typeof meta>

/** A new record: the items of HFLE.STORAGE_EXTRA in order, those with a default already filled in. */
export const New: Story = {}
/** A saved record: its JSON object shown in the items. */
export const Filled: Story = {
  args: {
    initialValues: {
      extraParams: { pathPrefix: 'wms/', storageClass: 'GLACIER', forcePathStyle: 0, expireDays: 30 },
    },
  },
}
/** Read-only: each item shows its value as its widget does (the storage class's meaning, not its code). */
export const ReadPretty: Story = {
  args: {
    initialValues: { extraParams: { pathPrefix: 'wms/', storageClass: 'GLACIER', expireDays: 30 } },
    readPretty: true,
  },
}
/** The form code names no form: the field says so in place, the rest of the form works. */
export const UnknownCode: Story = { args: { fields: { extraParams: extra('NO.SUCH_FORM') } } }
/** A disabled form has nothing to fill in. */
export const DisabledForm: Story = { args: { fields: { extraParams: extra('OLD.EXTRA') } } }
