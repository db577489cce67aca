import { composeStories, composeStory } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import type { Handler } from '../../stories/support/fake-env'
import { currentStoryEnv, type EnvFactory } from '../../stories/support/story-env'
import * as stories from './DocumentHeader.stories'

const { SavedDocument, NewDocument } = composeStories(stories, preview)

test('a saved document is titled by its number and offers the actions its status allows (issue 19)', async () => {
  const user = userEvent.setup()
  render(<SavedDocument />)
  expect(await screen.findByRole('heading', { name: 'TO-0007' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Transfer order' })).toBeNull()
  await user.click(await screen.findByRole('button', { name: 'Submit' }))
  await waitFor(() =>
    expect(currentStoryEnv().calls.some((c) => c.method === 'POST' && c.path.endsWith('/7/submit'))).toBe(
      true,
    ),
  )
  // read again after the action: now SUBMITTED, so dispatch instead of submit
  expect(await screen.findByRole('button', { name: 'Dispatch' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
  expect(screen.getByText('SUBMITTED')).toBeInTheDocument()
})

test('a saved document is never titled "New …", not even while the facts that name its number load', async () => {
  const headings: string[] = []
  const seen = new MutationObserver(() =>
    document.querySelectorAll('h2').forEach((h) => headings.push(h.textContent ?? '')),
  )
  seen.observe(document.body, { subtree: true, childList: true, characterData: true })
  // the document's facts answer after its record
  const SlowFacts = composeStory(
    {
      ...stories.SavedDocument,
      parameters: {
        env: () => {
          const env = (stories.SavedDocument.parameters as { env: EnvFactory }).env()
          const facts = env.handlers['GET hpfm /v1/page-schemas/document']!
          const later: Handler = async (request, at) => {
            await new Promise((resolve) => setTimeout(resolve, 300))
            return facts(request, at)
          }
          env.handlers['GET hpfm /v1/page-schemas/document'] = later
          return env
        },
      },
    },
    stories.default,
    preview,
  )
  render(<SlowFacts />)
  expect(await screen.findByRole('heading', { name: 'TO-0007' })).toBeInTheDocument()
  seen.disconnect()
  expect(headings).not.toContain('Transfer order')
})

test('its total follows the lines while they are edited, before the save', async () => {
  const user = userEvent.setup()
  render(<SavedDocument />)
  // read-only fields read as text: the server's total, then the lines' sum
  expect(await screen.findByText('16')).toBeInTheDocument()
  const lines = within(await screen.findByRole('region', { name: 'Lines' }))
  await lines.findByText('SKU-RED')
  await user.click(await lines.findByRole('button', { name: 'Add line' }, { timeout: 3000 }))
  const drawer = await screen.findByRole('dialog')
  await user.type(within(drawer).getByRole('textbox', { name: 'Item' }), 'SKU-GREEN')
  await user.type(within(drawer).getByRole('spinbutton', { name: 'Quantity' }), '5')
  await user.click(within(drawer).getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('21')).toBeInTheDocument()
  expect(screen.queryByText('16')).toBeNull()
})

test('a new document keeps the page title and offers no actions', async () => {
  render(<NewDocument />)
  expect(await screen.findByRole('heading', { name: 'Transfer order' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
})
