import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { DESIGN_POINTER } from '../../renderer/index'
import * as listStories from '../list-page/ListPage.stories'
import * as stories from './PageDesigner.stories'

const { Designer } = composeStories(stories, preview)
const { Warehouses } = composeStories(listStories, preview)

/** The element of the rendered page marked with `pointer`, once it is there. */
const marked = (pointer: string) =>
  waitFor(
    () => {
      const preview = screen.getByRole('region', { name: 'Preview' })
      const element = [...preview.querySelectorAll(`[${DESIGN_POINTER}]`)].find(
        (e) => e.getAttribute(DESIGN_POINTER) === pointer,
      )
      if (!element) throw new Error(`nothing on the page is marked ${pointer}`)
      return element as HTMLElement
    },
    { timeout: 15000 },
  )
/** Where the outline shows the selection: `<its list or group>: <its name>` of every pressed item. */
const pressedInOutline = () => {
  const nav = screen.getByRole('navigation', { name: 'Page elements' })
  return within(nav)
    .queryAllByRole('button', { pressed: true })
    .map((button) => `${button.closest('section')?.getAttribute('aria-label')}: ${button.textContent}`)
}
const properties = () => screen.findByRole('region', { name: 'Properties' })

describe('selecting on the rendered page', () => {
  test('a search field, a column, a button, a form field and the title are selected by clicking them', async () => {
    render(<Designer />)
    await userEvent.click(await marked('/search/fields/1'))
    expect(pressedInOutline()).toEqual(['Search fields: Warehouse name'])
    expect(within(await properties()).getByRole('heading')).toHaveTextContent('(/fields/warehouseName)')

    await userEvent.click(await marked('/table/columns/7'))
    expect(within(await properties()).getByRole('heading')).toHaveTextContent('Area (m²) (/table/columns/7)')
    // the outline and the page agree: the column's item is pressed, the search field's no longer
    expect(pressedInOutline()).toEqual(['Table columns: Area (m²)'])

    // a button on the page is selected, not run: no form drawer opens
    await userEvent.click(await marked('/toolbar/actions/0'))
    expect(within(await properties()).getByRole('heading')).toHaveTextContent('(/toolbar/actions/0)')
    expect(within(await properties()).getByRole('combobox', { name: 'type' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(pressedInOutline()).toEqual(['Toolbar buttons: create'])

    // the form, laid open under the list, selects its fields and sections
    await userEvent.click(await marked('/form/sections/1/fields/0'))
    expect(pressedInOutline()).toEqual(['Form section: Contact: Contact'])
    await userEvent.click(await marked('/title'))
    expect(await screen.findByRole('textbox', { name: 'wmdm.warehouse.title en_US' })).toHaveValue(
      'Warehouses',
    )
  }, 90_000)

  test('what is selected in the outline is outlined on the page', async () => {
    render(<Designer />)
    await marked('/table/columns/3')
    const nav = screen.getByRole('navigation', { name: 'Page elements' })
    const columns = within(nav).getByRole('region', { name: 'Table columns' })
    await userEvent.click(within(columns).getByRole('button', { name: 'Select: Address' }))
    const preview = screen.getByRole('region', { name: 'Preview' })
    await waitFor(() =>
      expect(preview.querySelector('[data-design-outline="selected"]')).toHaveAttribute(
        'data-design-for',
        '/table/columns/3',
      ),
    )
    // moved in the outline, the selection follows the column to its new place
    await userEvent.click(within(columns).getByRole('button', { name: 'Move up: Address' }))
    await waitFor(() =>
      expect(preview.querySelector('[data-design-outline="selected"]')).toHaveAttribute(
        'data-design-for',
        '/table/columns/2',
      ),
    )
  }, 60_000)

  test('outside the designer a page carries no design marks', async () => {
    const { container } = render(<Warehouses />)
    await screen.findAllByRole('columnheader', {}, { timeout: 15000 })
    await screen.findByRole('search')
    expect(container.querySelector(`[${DESIGN_POINTER}]`)).toBeNull()
    expect(document.querySelector(`[${DESIGN_POINTER}]`)).toBeNull()
  }, 60_000)
})
