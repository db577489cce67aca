import { composeStories } from '@storybook/react-vite'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DocumentEditor.stories'

const { Html, Docx, PlainText, ReadPretty } = composeStories(stories, preview)

test('an HTML document opens in the rich-text area with its formatting and a toolbar', () => {
  render(<Html />)
  const area = screen.getByRole('textbox', { name: 'Document content' })
  expect(area).toHaveAttribute('contenteditable', 'true')
  expect(area.querySelector('h2')).toHaveTextContent('Dock rules')
  expect(area.querySelector('b')).toHaveTextContent('Trucks')
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
  // a button showing letters or digits has them in its name (axe: label-content-name-mismatch)
  for (const name of ['Bold', 'Italic', 'Heading H2', 'Subheading H3', 'Bulleted list', 'Numbered list 1.'])
    expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull()
})

test('edits in the area reach the form value, and a toolbar button runs its editing command', async () => {
  render(<Html />)
  const area = screen.getByRole('textbox', { name: 'Document content' })
  area.innerHTML = '<p><i>changed</i></p>'
  fireEvent.input(area)
  expect(screen.getByTestId('form-value')).toHaveTextContent('"<p><i>changed</i></p>"')
  const exec = vi.fn(() => true)
  document.execCommand = exec
  await userEvent.click(screen.getByRole('button', { name: 'Bold' }))
  expect(exec).toHaveBeenCalledWith('bold', false, undefined)
  await userEvent.click(screen.getByRole('button', { name: 'Numbered list 1.' }))
  expect(exec).toHaveBeenCalledWith('insertOrderedList', false, undefined)
})

test('a Word document edits with formatting under a warning that names what saving will not keep', () => {
  render(<Docx />)
  const area = screen.getByRole('textbox', { name: 'Document content' })
  expect(area).toHaveAttribute('contenteditable', 'true')
  expect(area.querySelector('h1')).toHaveTextContent('Dock rules')
  const warning = screen.getByRole('alert')
  expect(warning).toHaveTextContent(
    'This is a Word document: saving writes a new version that keeps only headings, bold, italic, underline, strikethrough, lists, quotes, links and tables.',
  )
  expect(warning).toHaveTextContent(
    'Not kept from the original: fonts, colours, sizes, alignment, page layout, headers, footers and comments; 2 images. To keep them, download the file and edit it in Word instead.',
  )
  expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument()
})

test('an HTML document shows no such warning', () => {
  render(<Html />)
  expect(screen.queryByRole('alert')).toBeNull()
})

test('a link needs a safe address', async () => {
  render(<Html />)
  const exec = vi.fn(() => true)
  document.execCommand = exec
  const address = screen.getByRole('textbox', { name: /Link address/ })
  const make = screen.getByRole('button', { name: 'Make link' })
  await userEvent.type(address, 'javascript:alert(1)')
  expect(make).toBeDisabled()
  await userEvent.clear(address)
  await userEvent.type(address, 'https://example.org')
  expect(make).toBeEnabled()
  await userEvent.click(make)
  expect(exec).toHaveBeenCalledWith('createLink', false, 'https://example.org')
})

test('other types edit as plain text; read-pretty shows the text', async () => {
  render(<PlainText />)
  const box = screen.getByRole('textbox', { name: 'Document content' })
  expect(box.tagName).toBe('TEXTAREA')
  await userEvent.type(box, '!')
  expect(screen.getByTestId('form-value')).toHaveTextContent('version 1\\nsecond line!')
  render(<ReadPretty />)
  expect(screen.getByText('version 1')).toBeInTheDocument()
})
