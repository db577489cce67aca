import { composeStories } from '@storybook/react-vite'
import { render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './ExpressTracker.stories'

const { Empty, FromLink, BadInput } = composeStories(stories, preview)
const TIMEOUT = 60000
const trackCalls = () => currentStoryEnv().calls.filter((c) => c.path === '/v1/1/express/track')

test(
  'empty state first; Enter searches; found parcels as cards, timeline newest first',
  { timeout: TIMEOUT },
  async () => {
    const { container } = render(<Empty />)
    const view = within(container)
    expect(await view.findByText(/Enter a waybill number and press Enter/)).toBeInTheDocument()
    const box = view.getByRole('textbox', { name: /Waybill or order numbers/ })
    await userEvent.type(box, 'SF1234567890{Enter}')
    const card = await waitFor(() => {
      const found = container.querySelector('[data-waybill="SF1234567890"]')
      expect(found).not.toBeNull()
      return found as HTMLElement
    })
    expect(trackCalls()[0]).toMatchObject({ service: 'ets', params: { q: 'SF1234567890' } })
    await waitFor(() => expect(within(card).getByText('SF Express')).toBeInTheDocument())
    expect(within(card).getByText('Li Lei')).toBeInTheDocument()
    expect(
      within(card).getByText('2026-11-19 15:20:00', {
        selector: 'span.ant-descriptions-item-content span, .ant-descriptions-item-content',
      }),
    ).toBeInTheDocument()
    const items = card.querySelectorAll('.ant-timeline-item')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Signed for by the receiver')
    expect(items[2]).toHaveTextContent('Picked up by the carrier')
    expect(container.querySelector('[data-testid="ets-not-found"]')).toBeNull()
  },
)

test('a link with ?q= runs the query; numbers not found are listed', { timeout: TIMEOUT }, async () => {
  const { container } = render(<FromLink />)
  const view = within(container)
  expect(await view.findByText('Not found: NOPE0000. Check the numbers and try again.')).toBeInTheDocument()
  expect(container.querySelectorAll('[data-waybill]')).toHaveLength(2)
  expect(view.getByRole('textbox', { name: /Waybill or order numbers/ })).toHaveValue(
    'SF1234567890,ZTO9876543210 NOPE0000',
  )
})

test(
  'the server’s 400 message is shown for bad input; more than 20 numbers is refused before asking',
  { timeout: TIMEOUT },
  async () => {
    const { container } = render(<BadInput />)
    const view = within(container)
    expect(await view.findByText(/Not a waybill or order number: SF1<x>/)).toBeInTheDocument()
    const box = view.getByRole('textbox', { name: /Waybill or order numbers/ })
    await userEvent.clear(box)
    await userEvent.type(box, Array.from({ length: 21 }, (_, i) => `SF${1000 + i}`).join(' '))
    const before = trackCalls().length
    await userEvent.click(view.getByRole('button', { name: /Search/ }))
    expect(
      await view.findByText('At most 20 numbers at once (you entered 21): split the query'),
    ).toBeInTheDocument()
    expect(trackCalls()).toHaveLength(before)
  },
)
