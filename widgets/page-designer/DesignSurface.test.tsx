import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fn } from 'storybook/test'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { DESIGN_POINTER, DesignModeContext } from '../../renderer/index'
import * as tabsStories from '../tabs-page/TabsPage.stories'
import * as stories from './DesignSurface.stories'

const { WarehouseColumnSelected, FormFieldSelected } = composeStories(stories, preview)
const outlined = () => document.querySelector('[data-design-outline="selected"]')

describe('the design surface', () => {
  test('outlines the selected column and hands over the mark of what is clicked', async () => {
    const onPick = fn()
    render(<WarehouseColumnSelected onPick={onPick} />)
    await waitFor(() => expect(outlined()).toHaveAttribute('data-design-for', '/table/columns/1'), {
      timeout: 15000,
    })
    await userEvent.click(await screen.findByRole('button', { name: /Create|新建/ }, { timeout: 15000 }))
    expect(onPick.mock.calls).toEqual([['/toolbar/actions/0']])
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

describe('design marks of nested pages', () => {
  test('a tabs page marks its tabs; the page a tab shows (another file) adds no marks of its own', async () => {
    const { MasterData } = composeStories(tabsStories, preview)
    const { container } = render(
      <DesignModeContext.Provider value="story: tabs">
        <MasterData />
      </DesignModeContext.Provider>,
    )
    await screen.findAllByRole('columnheader', {}, { timeout: 15000 })
    const marks = [...container.querySelectorAll(`[${DESIGN_POINTER}]`)].map((e) =>
      e.getAttribute(DESIGN_POINTER),
    )
    expect(marks).toContain('/tabs/0')
    expect(marks.every((mark) => mark?.startsWith('/tabs/'))).toBe(true)
  }, 60_000)
})
