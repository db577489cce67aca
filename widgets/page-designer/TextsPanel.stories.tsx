import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import type { PageSchema } from '../../renderer/index'
import { WithPage } from '../../stories/support/WithPage'
import { TextsPanel } from './TextsPanel'

/** The texts of the selected element in the three languages side by side; missing translations flagged. */
const meta = {
  title: 'Designer/TextsPanel',
  component: TextsPanel,
  decorators: [
    (Story) => (
      <WithPage page={designerPage as PageSchema}>
        <div style={{ width: 480, padding: 16 }}>
          <Story />
        </div>
      </WithPage>
    ),
  ],
  args: {
    keys: ['wmdm.warehouse.field.address', 'wmdm.warehouse.field.managerName', 'wmdm.warehouse.help.area'],
    texts: {
      'wmdm.warehouse.field.address': { zh_CN: '地址', en_US: 'Address', zh_TW: '地址' },
      'wmdm.warehouse.field.managerName': { zh_CN: 'Manager', en_US: 'Manager', zh_TW: 'Manager' },
      'wmdm.warehouse.help.area': {
        zh_CN: '可用于存储的面积，单位平方米',
        en_US: 'Storage floor area in square metres',
      },
    },
    onSetText: fn(),
  },
} satisfies Meta<typeof TextsPanel>
export default meta
type Story = StoryObj<typeof meta>

/** A translated label, a label added from the model (still English everywhere), a help text missing zh_TW. */
export const Texts: Story = {}
