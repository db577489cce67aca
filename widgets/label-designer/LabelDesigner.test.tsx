/**
 * The label designer's and the label print page's states as a user sees them, from their stories (answered by
 * the app's HTTP client over fixtures): errors, empty label and empty data, a save conflict.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './LabelDesigner.stories'
import { findPageAlert } from '../../stories/support/page-alert'

const {
  Designer,
  Print,
  DesignerNotFound,
  DesignerEmpty,
  DesignerSaveConflict,
  PrintUnknownCode,
  PrintDataFails,
  PrintNoRows,
} = composeStories(stories, preview)

const canvas = () => screen.findByTestId('label-canvas')

describe('LabelDesigner', () => {
  test('the label on its canvas with its elements', async () => {
    render(<Designer />)
    expect(await screen.findByText('仓库标签 (WAREHOUSE_LABEL) · 80 × 50 mm')).toBeInTheDocument()
    expect((await canvas()).children.length).toBe(3)
  })

  test('error: a label that does not exist shows what is wrong and the server reason', async () => {
    render(<DesignerNotFound />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The label template is not available')
    expect(alert).toHaveTextContent(
      'Label template 99 does not exist in this tenant: open it again from Label templates.',
    )
  })

  test('empty: no elements, the add buttons and what to do next', async () => {
    render(<DesignerEmpty />)
    expect((await canvas()).children.length).toBe(0)
    expect(screen.getByRole('button', { name: 'Add text' })).toBeEnabled()
    expect(screen.getAllByText(/Click an element on the canvas to edit it/).length).toBeGreaterThan(0)
    await userEvent.click(screen.getByRole('button', { name: 'Add text' }))
    await waitFor(async () => expect((await canvas()).children.length).toBe(1))
  })

  test('error: a refused save is notified with the server message', async () => {
    render(<DesignerSaveConflict />)
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        { type: 'error', message: 'The record was changed by someone else: reload and try again' },
      ]),
    )
  })
})

describe('LabelPrint', () => {
  test('one label per data row, Print enabled', async () => {
    render(<Print />)
    expect(await screen.findByText('2 labels')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled()
  })

  test('error: an unknown label code is named', async () => {
    render(<PrintUnknownCode />)
    const alert = await findPageAlert()
    expect(alert).toHaveTextContent('The label template is not available')
    expect(alert).toHaveTextContent(
      'No label template of this code, pick one from the label template list: RETIRED_LABEL',
    )
  })

  test('error: data that cannot be read is notified with the server message; nothing to print', async () => {
    render(<PrintDataFails />)
    await waitFor(() =>
      expect(currentStoryEnv().notices).toEqual([
        {
          type: 'error',
          message:
            'The data set WAREHOUSE_LIST of label WAREHOUSE_LABEL is disabled: enable it in Data sets.',
        },
      ]),
    )
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled()
  })

  test('empty: no rows, zero labels, Print cannot be pressed', async () => {
    render(<PrintNoRows />)
    expect(await screen.findByText('0 labels')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled()
  })
})
