/**
 * Issue 20: the page designer previews a page as the app renders it, completed from its model: the warehouse
 * page writes no length for warehouseCode, the model says 30, so the form preview's input takes at most 30
 * characters (it took any length when the designer compiled the file's text alone).
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './PageDesigner.stories'

const { Designer } = composeStories(stories, preview)
const FORM_PREVIEW = 'Form (create)'

test("the designer's form preview takes the model's constraints the page does not restate", async () => {
  render(<Designer />)
  const form = await screen.findByRole('region', { name: FORM_PREVIEW }, { timeout: 15000 })
  const code = await within(form).findByRole('textbox', { name: /Warehouse code/ }, { timeout: 15000 })
  expect(code).toHaveAttribute('maxlength', '30')
})
