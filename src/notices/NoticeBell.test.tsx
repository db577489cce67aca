import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './NoticeBell.stories'

const { NoMessages, Some, Many, Disconnected } = composeStories(stories, preview)

test('no unread messages: no number on the bell, and the dropdown says so', async () => {
  render(<NoMessages />)
  const bell = screen.getByLabelText('Messages: 0 unread')
  expect(screen.getByTestId('notice-count').querySelector('.ant-badge-count')).toBeNull()
  fireEvent.click(bell)
  expect(await screen.findByText('No unread messages')).toBeInTheDocument()
  expect(NoMessages.args.onOpen).toHaveBeenCalled()
})

test('some: the count on the bell; the latest messages can be marked read one by one or all', async () => {
  render(<Some />)
  fireEvent.click(screen.getByLabelText('Messages: 3 unread'))
  expect(await screen.findByText('New bonded warehouse')).toBeInTheDocument()
  expect(screen.getByTestId('notice-count')).toHaveTextContent('3')
  fireEvent.click(screen.getAllByText('Mark read')[1]!)
  expect(Some.args.onMarkRead).toHaveBeenCalledWith(2)
  fireEvent.click(screen.getByText('Mark all read'))
  expect(Some.args.onMarkAllRead).toHaveBeenCalled()
})

test('many: the badge caps at 99+', () => {
  render(<Many />)
  expect(screen.getByTestId('notice-count')).toHaveTextContent('99+')
})

test('disconnected: the bell says live messages are off and keeps the last count', async () => {
  render(<Disconnected />)
  const bell = screen.getByLabelText('Messages: 2 unread')
  expect(bell).toHaveAttribute('title', 'Live messages are disconnected: reload the page to see new ones')
  fireEvent.click(bell)
  expect(await screen.findByTestId('notice-panel')).toHaveTextContent('Live messages are disconnected')
})
