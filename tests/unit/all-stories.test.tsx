/**
 * Every story of the catalogue rendered as Storybook renders it (composeStories with .storybook/preview: the
 * same decorator, fixture-backed environment and toolbar globals). A story fails when rendering throws, when
 * it shows an error panel (a widget that crashed or a page file that does not validate) it does not declare,
 * or when it sends a request no fixture answers. What a user sees in each important state (empty, loading,
 * error, read-only, disabled, many rows, long texts, each language) is asserted by the widget's own test file
 * beside its stories (widgets/<name>/<Name>.test.tsx) and by the page stories' tests.
 *
 * A story that shows an error panel on purpose says so: `parameters: { errorPanel: true }`.
 */
import { composeStories } from '@storybook/react-vite'
import { act, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'

type StoryModule = Parameters<typeof composeStories>[0]
type ComposedStory = ((props: Record<string, unknown>) => ReactElement) & {
  parameters: Record<string, unknown>
}

const modules = import.meta.glob<StoryModule>(
  ['../../widgets/**/*.stories.tsx', '../../stories/**/*.stories.tsx', '../../src/**/*.stories.tsx'],
  { eager: true },
)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the story stops sending requests (three quiet rounds in a row, at most ~2 s). */
async function settle() {
  let seen = -1
  let quiet = 0
  for (let round = 0; round < 40 && quiet < 3; round++) {
    await act(() => sleep(40))
    const calls = currentStoryEnv().calls.length
    quiet = calls === seen ? quiet + 1 : 0
    seen = calls
  }
}

/**
 * Text, a control or a graphic, the placeholder a pending permission check holds the place with, or the
 * skeleton a page draws while its definition loads.
 */
const visible = () =>
  Boolean(
    document.body.textContent?.trim() ||
    document.body.querySelector('svg,canvas,input,button,[data-permission-pending],.ant-skeleton'),
  )

let errors: string[] = []
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '))
  })
})
afterAll(() => vi.restoreAllMocks())

const files = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))

it('finds the story files of widgets/, stories/ and src/', () => {
  expect(files.length).toBeGreaterThan(40)
})

describe.each(files)('%s', (_file, module) => {
  const composed = Object.entries(composeStories(module, preview)) as [string, ComposedStory][]
  it.each(composed)(
    '%s renders without a crash, an undeclared error panel or a missing fixture',
    async (_name, Story) => {
      errors = []
      const view = render(<Story />)
      await settle()
      // Something a user can see is drawn (permission-gated bars and lazily loaded pages come a moment later).
      await waitFor(() => expect(visible()).toBe(true), { timeout: 3000 })
      await settle()
      const env = currentStoryEnv()
      const panels = [...document.querySelectorAll('[data-error-panel]')].map((panel) => panel.textContent)
      const declared = Story.parameters.errorPanel === true
      try {
        expect(env.missing.join(', '), 'requests no fixture answers: add them to the story env').toBe('')
        if (declared) expect(panels.length, 'the story declares an error panel').toBeGreaterThan(0)
        else expect(panels.join(' | ').slice(0, 600), 'error panels shown').toBe('')
        // React reports a crash caught by a boundary (and a thrown render) through console.error.
        expect(errors.filter((e) => /The above error occurred|Uncaught|error boundary/i.test(e))).toEqual([])
      } finally {
        view.unmount()
      }
    },
  )
})

it('the introduction explains the platform, how a page file becomes a screen and how to add a widget', async () => {
  const intro = modules['../../stories/Introduction.stories.tsx']!
  const { Overview } = composeStories(intro, preview) as Record<string, ComposedStory>
  const Story = Overview!
  const view = render(<Story />)
  for (const heading of [
    'How a page file becomes a screen',
    'Where the data comes from',
    'How to add a widget',
  ])
    expect(view.getByRole('heading', { name: heading })).toBeInTheDocument()
  expect(view.container).toHaveTextContent(/low-code back office/)
  view.unmount()
})
