import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import type { ListPage } from '../../renderer/index'
import { lookupBatch } from '../../stories/fixtures/lookups'
import { bigTemplate, coldTemplate, cuszBackend } from '../../stories/fixtures/cusz-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { FilterTemplates } from './FilterTemplates'

const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage
/** A fresh backend per mounted story, so one story's saves never leak into the next. */
const envWith =
  (backend: () => ReturnType<typeof cuszBackend>, confirm = true) =>
  () =>
    createFakeEnv({
      handlers: { ...backend().handlers, 'GET hpfm /v1/1/lovs/value/batch': lookupBatch },
      confirm,
    })

const meta = {
  title: 'Parts/FilterTemplates',
  component: FilterTemplates,
  args: { menuId: 101, model: 'wms/warehouse', onApply: fn() },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof FilterTemplates>
export default meta
type Story = StoryObj<typeof meta>

/** No template saved yet: one empty row. */
export const Empty: Story = { parameters: { env: envWith(() => cuszBackend()) } }

/** Two templates, none default: nothing applied until one is picked. */
export const WithTemplates: Story = {
  parameters: {
    env: envWith(() => cuszBackend({ templates: [coldTemplate, { ...bigTemplate, isDefault: 0 }] })),
  },
}

/** "Large sites" is the default: it fills in and filters on load (CORE-FLT-06). */
export const DefaultTemplate: Story = {
  parameters: { env: envWith(() => cuszBackend({ templates: [coldTemplate, bigTemplate] })) },
}

/** The filterable fields could not be loaded: the editor says so instead of showing empty pickers. */
export const FieldsFailed: Story = { parameters: { env: envWith(() => cuszBackend({ fieldsFail: true })) } }

/** The user cancels the delete confirmation (CORE-FLT-28): nothing is deleted. */
export const DeleteCancelled: Story = {
  parameters: { env: envWith(() => cuszBackend({ templates: [coldTemplate] }), false) },
}

/** No template yet, in Simplified Chinese: the platform's own wording of the messages (CORE-FLT-23). */
export const EmptyInChinese: Story = { ...Empty, globals: { locale: 'zh_CN' } }

/** The default template, in Simplified Chinese: the delete confirmation's wording (CORE-FLT-28). */
export const DefaultTemplateInChinese: Story = { ...DefaultTemplate, globals: { locale: 'zh_CN' } }
