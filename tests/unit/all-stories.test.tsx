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
import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import {
  describeStories,
  storyFiles,
  storyShard,
  type ComposedStory,
  type StoryModule,
} from './support/stories'

// the first of two shards (the second: all-stories.2.test.tsx), so that both workers render stories
describeStories(await storyShard(0, 2))

it('finds the story files of widgets/, stories/ and src/', () => {
  expect(Object.keys(storyFiles).length).toBeGreaterThan(40)
})

it('the introduction explains the platform, how a page file becomes a screen and how to add a widget', async () => {
  const intro = (await storyFiles['../../../stories/Introduction.stories.tsx']!()) as StoryModule
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
