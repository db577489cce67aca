import { composeStories } from '@storybook/react-vite'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { GROUP, NEW_GROUP } from '../../stories/fixtures/file-backend'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './Upload.stories'

const {
  Empty,
  WithFiles,
  Single,
  ReadOnly,
  Disabled,
  WrongType,
  TooBig,
  ServerFailure,
  UrlValue,
  ListUnavailable,
  BucketRule,
} = composeStories(stories, preview)

const user = () => userEvent.setup({ applyAccept: false })
const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement
const pdf = (name = 'Inspection report.pdf', size = 2048) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}
const formValue = () => JSON.parse(screen.getByTestId('form-value').textContent ?? 'null') as unknown
const callsTo = (path: string) => currentStoryEnv().calls.filter((call) => call.path === path)

let clicked: string[] = []
beforeEach(() => {
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:fake')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download)
  })
})
afterEach(() => vi.restoreAllMocks())

describe('Upload, edit', () => {
  test('empty: shows the button and the default limits', () => {
    render(<Empty />)
    expect(screen.getByRole('button', { name: /Upload file/ })).toBeInTheDocument()
    expect(screen.getByText('Any type, up to 30 MB each')).toBeInTheDocument()
    expect(formValue()).toBeNull()
  })

  test('CORE-UPL-01: a first file creates a group, is sent as multipart with a file part, and the field keeps the uuid', async () => {
    render(<Empty />)
    await user().upload(input(), pdf())
    expect(await screen.findByText('Inspection report.pdf')).toBeInTheDocument()
    await waitFor(() => expect(formValue()).toBe(NEW_GROUP))
    const sent = callsTo('/v1/1/files/attachment/multipart')[0]?.data as FormData
    expect(sent.get('file')).toBeInstanceOf(File)
    expect(sent.get('attachmentUUID')).toBe(NEW_GROUP)
    expect(sent.get('bucketName')).toBe('wms-attachment')
    expect(sent.get('directory')).toBe('warehouse')
  })

  test('with files: lists the group and downloads a file by its name', async () => {
    render(<WithFiles />)
    const name = await screen.findByText('Lease contract 2026.pdf')
    expect(screen.getByText('Floor plan.png')).toBeInTheDocument()
    await user().click(name)
    await waitFor(() => expect(clicked).toEqual(['Lease contract 2026.pdf']))
    expect(callsTo('/v1/1/files/download')[0]).toMatchObject({
      params: { url: expect.stringContaining('Lease%20contract%202026.pdf'), bucketName: 'wms-attachment' },
      responseType: 'blob',
    })
  })

  test('removing a file takes it out of the group', async () => {
    render(<WithFiles />)
    await screen.findByText('Floor plan.png')
    const item = screen.getByText('Floor plan.png').closest('.ant-upload-list-item') as HTMLElement
    await user().click(
      item.querySelector('button[title="Remove file"], .ant-upload-list-item-action') as HTMLElement,
    )
    await waitFor(() => expect(screen.queryByText('Floor plan.png')).toBeNull())
    expect(callsTo('/v1/1/files/delete-by-uuidurl')[0]?.data).toMatchObject({ attachmentUUID: GROUP })
  })

  test('CORE-UPL-06: a single upload keeps only the last file chosen', async () => {
    render(<Single />)
    await screen.findByText('Lease contract 2026.pdf')
    await user().upload(input(), pdf('Second.pdf'))
    expect(await screen.findByText('Second.pdf')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Lease contract 2026.pdf')).toBeNull())
    await waitFor(() => expect(callsTo('/v1/1/files/delete-by-uuidurl')).toHaveLength(1))
    expect(formValue()).toBe(GROUP)
  })

  test('disabled: the button cannot be used', async () => {
    render(<Disabled />)
    await screen.findByText('Floor plan.png')
    expect(screen.getByRole('button', { name: /Upload file/ })).toBeDisabled()
  })

  test('url value: the field keeps the file URL', async () => {
    render(<UrlValue />)
    await user().upload(input(), pdf('Photo.pdf'))
    await waitFor(() => expect(formValue()).toMatch(/^\/hfle\/wms-attachment\/warehouse\/.+\/Photo\.pdf$/))
    expect(callsTo('/v1/1/files/multipart')).toHaveLength(1)
  })
})

describe('Upload, errors', () => {
  test("CORE-UPL-02: a type that is not allowed: 'Uploaded file type must be: {fileType}', no request", async () => {
    render(<WrongType />)
    expect(screen.getByText('pdf, png, up to 30 MB each')).toBeInTheDocument()
    await user().upload(input(), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        { type: 'error', message: 'Uploaded file type must be: pdf,png' },
      ]),
    )
    expect(screen.queryByText('setup.exe')).toBeNull()
    expect(callsTo('/v1/1/files/attachment/multipart')).toHaveLength(0)
  })

  test("CORE-UPL-03: a file over the limit: 'Uploaded file size cannot exceed: N MB', no request", async () => {
    render(<TooBig />)
    await user().upload(input(), pdf('Scan.pdf', 1_048_577))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        { type: 'error', message: 'Uploaded file size cannot exceed: 1 MB' },
      ]),
    )
    expect(callsTo('/v1/1/files/uuid')).toHaveLength(0)
  })

  test('CORE-UPL-05: failed=true from the server: notification with its message, file marked failed', async () => {
    render(<ServerFailure />)
    await user().upload(input(), pdf('Plan.pdf'))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toContainEqual({
        type: 'error',
        message: 'Plan.pdf was not uploaded: The file store is full: ask the administrator to free space.',
      }),
    )
    const item = (await screen.findByText('Plan.pdf')).closest('.ant-upload-list-item')
    expect(item?.className).toContain('ant-upload-list-item-error')
  })

  test("CORE-UPL-07: without limits on the page, the bucket's rule from the server is checked", async () => {
    render(<BucketRule />)
    expect(await screen.findByText('pdf, xlsx, up to 5 MB each')).toBeInTheDocument()
    expect(callsTo('/v1/1/upload-configs/effective')[0]?.params).toEqual({ bucketName: 'wms-attachment' })
    await user().upload(input(), new File(['x'], 'notes.txt', { type: 'text/plain' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        { type: 'error', message: 'Uploaded file type must be: pdf,xlsx' },
      ]),
    )
  })

  test('a file list that cannot be loaded says so (a gateway 503: the client says the server cannot be reached)', async () => {
    render(<ListUnavailable />)
    await waitFor(() =>
      expect(currentStoryEnv().notices[0]?.message).toBe(
        'The file list could not be loaded: The server cannot be reached. Check your network connection and try again.',
      ),
    )
  })
})

describe('Upload, read-only', () => {
  test('lists the files as download links', async () => {
    render(<ReadOnly />)
    const link = await screen.findByRole('button', { name: /Floor plan.png/ })
    expect(screen.queryByRole('button', { name: /Upload file/ })).toBeNull()
    await act(() => user().click(link))
    await waitFor(() => expect(clicked).toEqual(['Floor plan.png']))
  })
})
