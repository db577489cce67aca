/**
 * The report template editor's states as a user sees them, from its stories (answered by the app's HTTP client
 * over fixtures): the text and its save, a template not found, a save conflict, loading and an empty template.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './TemplateEditor.stories'
import { findPageAlert } from '../../stories/support/page-alert'

const { Editor, NotFound, SaveConflict, Loading, EmptyTemplate } = composeStories(stories, preview)

const save = async () => userEvent.click(await screen.findByRole('button', { name: 'Save' }))

describe('TemplateEditor', () => {
  test('saves the text with the version it was read at', async () => {
    render(<Editor />)
    const text = await screen.findByRole('textbox', { name: '仓库卡片' })
    expect(text).toHaveValue('Warehouse ${warehouseCode} — ${warehouseName}\n')
    await save()
    await waitFor(() => expect(currentStoryEnv().notices).toEqual([{ type: 'success', message: 'Saved' }]))
    expect(currentStoryEnv().calls.find((c) => c.method === 'PUT')?.data).toMatchObject({
      templateId: 1,
      objectVersionNumber: 1,
    })
  })

  test('error: a template that does not exist shows what is wrong and the server reason', async () => {
    render(<NotFound />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The template is not available')
    expect(alert).toHaveTextContent(
      'Report template 99 does not exist in this tenant: open it again from Report templates.',
    )
  })

  test('error: a save conflict is notified with the server message and the edited text stays', async () => {
    render(<SaveConflict />)
    const text = await screen.findByRole('textbox', { name: '仓库卡片' })
    await userEvent.type(text, 'Area')
    await save()
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        { type: 'error', message: 'The record was changed by someone else: reload and try again' },
      ]),
    )
    expect(text).toHaveValue('Warehouse ${warehouseCode} — ${warehouseName}\nArea')
  })

  test('loading: a skeleton until the template comes', async () => {
    render(<Loading />)
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull())
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  test('empty: a template without text opens empty, with no data set offered', async () => {
    render(<EmptyTemplate />)
    expect(await screen.findByRole('textbox', { name: '仓库卡片' })).toHaveValue('')
    await userEvent.click(screen.getByRole('combobox', { name: 'Preview data set' }))
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown .ant-empty')).not.toBeNull())
  })
})
