import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import playgroundPageFile from '../../schemas/pages/hpfm/schema-playground.page.json'
import { SchemaPage } from '../../renderer/index'
import { tabsBackend } from '../fixtures/page-kinds'
import { createFakeEnv } from '../support/fake-env'

const playgroundPage = pageWithModel(playgroundPageFile)

/** The served page index the playground offers routes from (GET /hpfm/v1/page-schemas). */
const pageIndex = () => [
  { file: 'schemas/pages/wmdm/warehouse.page.json', route: '/wmdm/warehouse', kind: 'list', errors: 0 },
  { file: 'schemas/pages/wmdm/overview.page.json', route: '/wmdm/overview', kind: 'dashboard', errors: 0 },
]

/**
 * kind "custom": the page file schemas/pages/hpfm/schema-playground.page.json names a registered widget
 * (SchemaPlayground) that draws the whole screen; SchemaPage validates the file and hands the page over.
 */
const meta = {
  title: 'Pages/Custom page',
  component: SchemaPage,
  args: { page: playgroundPage, file: 'schemas/pages/hpfm/schema-playground.page.json', params: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** The schema playground for a configurator: load a served page, edit its JSON, see it rendered beside. */
export const SchemaPlayground: Story = {
  parameters: {
    // Before a route is loaded the editor holds a starter page (the warehouses), rendered beside it.
    env: () =>
      createFakeEnv({
        handlers: {
          ...tabsBackend().handlers,
          'GET hpfm /v1/page-schemas': pageIndex,
          'POST hpfm /v1/page-schemas/check': () => ({ issues: [] }),
        },
      }),
  },
}

/** The same page for a role without hpfm.playground.view: a warning instead of the editor. */
export const SchemaPlaygroundDenied: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...tabsBackend(['hpfm.playground.view']).handlers,
          'GET hpfm /v1/page-schemas': pageIndex,
        },
      }),
  },
}
