import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './OperationBar.stories'

const States = composeStories(stories, preview)
const { Create, Many } = States

test('a permitted button runs once however fast it is clicked', async () => {
  render(<Create />)
  const button = await screen.findByRole('button', { name: 'Create' })
  await userEvent.click(button)
  await userEvent.click(button)
  await userEvent.click(button)
  expect(Create.args.onAction).toHaveBeenCalledTimes(1)
})

test('at most six buttons; the rest under "More"; denied ones do not count', async () => {
  render(<Many />)
  expect(await screen.findByRole('button', { name: 'More' })).toBeInTheDocument()
  expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(6)
  await userEvent.hover(screen.getByRole('button', { name: 'More' }))
  // the two beyond six (g, h) are in the dropdown; the denied one is nowhere
  expect(await screen.findAllByRole('menuitem')).toHaveLength(2)
})

test('controllerType "disabled": the create button shows, disabled', async () => {
  render(<States.Disabled />)
  expect(await screen.findByRole('button', { name: /Create/ })).toBeDisabled()
})

test('while the permission check is pending: a placeholder, no button flashes', async () => {
  render(<States.PermissionPending />)
  await new Promise((resolve) => setTimeout(resolve, 700))
  expect(document.querySelector('.wms-operation-bar[data-permission-pending]')).not.toBeNull()
  expect(screen.queryByRole('button', { name: /Create/ })).toBeNull()
})
