import type { Meta, StoryObj } from '@storybook/react-vite'
import designerPage from '../../schemas/pages/hpfm/page-designer.page.json'
import { SchemaPage } from '../../renderer/index'
import { designerBackend, refusedSave } from './designer-fixtures'
import { PAGE_DESIGNER_PERMISSION } from './PageDesigner'

/** The page designer (custom page) opened on the warehouse page: outline, live preview, properties and texts. */
const meta = {
  title: 'Pages/PageDesigner',
  component: SchemaPage,
  args: {
    page: designerPage,
    file: 'schemas/pages/hpfm/page-designer.page.json',
    params: {},
    search: new URLSearchParams({ route: '/wmdm/warehouse' }),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** A configurator designs the warehouse page; its model has a field the page does not show yet (Manager). */
export const Designer: Story = { parameters: { env: designerBackend() } }
/** The server does not write page files: the designer says so and offers the file to download. */
export const ReadOnlyServer: Story = { parameters: { env: designerBackend({ writable: false }) } }
/** The server's page check refuses the text: the review dialog lists the problem with line, pointer and fix. */
export const SaveRefused: Story = { parameters: { env: designerBackend({ save: refusedSave }) } }
/** A role without hpfm.page-designer.save is told which code it lacks. */
export const WithoutPermission: Story = {
  parameters: { env: designerBackend({ denied: [PAGE_DESIGNER_PERMISSION] }) },
}
