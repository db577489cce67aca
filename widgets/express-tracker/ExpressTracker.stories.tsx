import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import expressPageFile from '../../schemas/pages/ets/express.page.json'
import { SchemaPage } from '../../renderer/index'
import { etsBackend } from '../../stories/fixtures/ets-backend'
import { createFakeEnv } from '../../stories/support/fake-env'

const expressPage = pageWithModel(expressPageFile)

/** The express query page (/ets/express): numbers in, one card per parcel with its timeline, newest first. */
const meta = {
  title: 'Pages/ExpressTracker',
  component: SchemaPage,
  args: { page: expressPage, file: 'schemas/pages/ets/express.page.json', params: {} },
  parameters: { layout: 'fullscreen', env: () => createFakeEnv({ handlers: etsBackend().handlers }) },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Before the first search: an empty state saying what to do. Try SF1234567890 ZTO9876543210 NOPE0000. */
export const Empty: Story = {}

/** Opened by a link with `?q=`: the query runs at once; one number is not found. */
export const FromLink: Story = {
  args: { search: new URLSearchParams('q=SF1234567890,ZTO9876543210 NOPE0000') },
}

/** A bad number: the server's 400 message. */
export const BadInput: Story = { args: { search: new URLSearchParams('q=SF1<x>') } }
