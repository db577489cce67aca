import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DesignSurface.stories'

const { WarehouseColumnSelected, FormFieldSelected } = composeStories(stories, preview)
const outlined = () => document.querySelector('[data-design-outline="selected"]')

describe('the design surface', () => {
  test('outlines the selected column and hands over the mark of what is clicked', async () => {
    const picked: string[] = []
    render(<WarehouseColumnSelected onPick={(mark) => picked.push(mark)} />)
    await waitFor(() => expect(outlined()).toHaveAttribute('data-design-for', '/table/columns/1'), {
      timeout: 15000,
    })
    await userEvent.click(await screen.findByRole('button', { name: /Create|新建/ }, { timeout: 15000 }))
    expect(picked).toEqual(['/toolbar/actions/0'])
    // selecting is all a click does: the create drawer stays closed
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 60_000)

  test('outlines a field of the form laid open under the list', async () => {
    render(<FormFieldSelected />)
    await waitFor(() => expect(outlined()).toHaveAttribute('data-design-for', '/form/sections/1/fields/0'), {
      timeout: 15000,
    })
  }, 60_000)
})
