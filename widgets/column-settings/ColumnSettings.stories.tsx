import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import { compileColumns, createTexts, type ColumnSetting, type ListPage } from '../../renderer/index'
import { fakeUser } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { defaultSettings } from './column-prefs'
import { ColumnSettings } from './ColumnSettings'

const warehouse = pageWithModel(warehouseFile)

const page = warehouse as unknown as ListPage
const t = createTexts({ t: (_key, fallback) => fallback ?? '', user: fakeUser }, page.texts)
const columns = compileColumns(page, t, 'story-columns')
const defaults = defaultSettings(columns)
const titles = Object.fromEntries(columns.map((c) => [c.field, c.title]))
const change = (field: string, patch: Partial<ColumnSetting>) =>
  defaults.map((s) => (s.field === field ? { ...s, ...patch } : s))

const meta = {
  title: 'Parts/ColumnSettings',
  component: ColumnSettings,
  args: {
    settings: defaults,
    titles,
    defaultOpen: true,
    onConfirm: fn(async () => undefined),
    onRestore: fn(async () => undefined),
  },
  decorators: [(Story) => <WithPage page={page}>{<Story />}</WithPage>],
} satisfies Meta<typeof ColumnSettings>
export default meta
type Story = StoryObj<typeof meta>

/** The page's columns as declared: all shown, none pinned. */
export const Defaults: Story = {}

/** Address and contact hidden by the user. */
export const HiddenColumns: Story = {
  args: {
    settings: change('address', { visible: false }).map((s) =>
      s.field === 'contactName' ? { ...s, visible: false } : s,
    ),
  },
}

/** The code pinned left and the status pinned right. */
export const Pinned: Story = {
  args: {
    settings: change('warehouseCode', { fixed: 'left' }).map((s) =>
      s.field === 'enabledFlag' ? { ...s, fixed: 'right' as const } : s,
    ),
  },
}

/** The name first, then the code: the order the user dragged into place. */
export const Reordered: Story = {
  args: { settings: [defaults[1]!, defaults[0]!, ...defaults.slice(2)] },
}

/** Closed: only the toolbar button. */
export const Closed: Story = { args: { defaultOpen: false } }
