import type { Meta, StoryObj } from '@storybook/react-vite'
import { fileBackend, GROUP, sampleFiles } from '../../stories/fixtures/file-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FieldHarness } from '../../stories/support/FieldHarness'

const withFiles = () =>
  createFakeEnv({ handlers: fileBackend({ groups: { [GROUP]: sampleFiles() } }).handlers })
const oneFile = () =>
  createFakeEnv({ handlers: fileBackend({ groups: { [GROUP]: sampleFiles().slice(0, 1) } }).handlers })
const empty = () => createFakeEnv({ handlers: fileBackend().handlers })
const failing = () =>
  createFakeEnv({
    handlers: fileBackend({ failUploadWith: 'The file store is full: ask the administrator to free space.' })
      .handlers,
  })
const listDown = () =>
  createFakeEnv({ handlers: fileBackend({ groups: { [GROUP]: [] }, failList: true }).handlers })

const field = (props: Record<string, unknown> = {}) => ({
  title: 'Documents',
  'x-component': 'Upload',
  'x-component-props': { bucketName: 'wms-attachment', directory: 'warehouse', multiple: true, ...props },
})

const meta = {
  title: 'Fields/Upload',
  component: FieldHarness,
  args: { field: field() },
  parameters: { env: empty },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const WithFiles: Story = { args: { initialValue: GROUP }, parameters: { env: withFiles } }
/** Single mode: choosing another file replaces the current one (CORE-UPL-06). */
export const Single: Story = {
  args: { initialValue: GROUP, field: field({ multiple: false }) },
  parameters: { env: oneFile },
}
export const ReadOnly: Story = {
  args: { initialValue: GROUP, readPretty: true },
  parameters: { env: withFiles },
}
export const Disabled: Story = {
  args: { initialValue: GROUP, field: { ...field(), 'x-disabled': true } },
  parameters: { env: withFiles },
}
/** Only PDF and PNG are allowed (CORE-UPL-02). */
export const WrongType: Story = { args: { field: field({ fileType: 'pdf,png' }) } }
/** At most 1 MB (CORE-UPL-03). */
export const TooBig: Story = { args: { field: field({ fileSize: 1_048_576 }) } }
/** The server answers failed=true (CORE-UPL-05). */
export const ServerFailure: Story = { parameters: { env: failing } }
/** The field keeps file URLs instead of a group. */
export const UrlValue: Story = { args: { field: field({ valueType: 'url', multiple: false }) } }
/** No limits on the page: the bucket's rule on the server applies (CORE-UPL-07). */
export const BucketRule: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: fileBackend({ bucketRule: { allowedTypes: ['pdf', 'xlsx'], maxSize: 5_242_880 } }).handlers,
      }),
  },
}
export const ListUnavailable: Story = { args: { initialValue: GROUP }, parameters: { env: listDown } }
