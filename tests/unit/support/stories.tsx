/**
 * Renders every story of the catalogue as Storybook renders it; the story files are split in shards so that the
 * unit project's workers share them (tests/unit/all-stories*.test.tsx, one shard each). What is checked is
 * described in tests/unit/all-stories.test.tsx.
 */
import { composeStories } from '@storybook/react-vite'
import { act, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import preview from '../../../.storybook/preview'
import { currentStoryEnv } from '../../../stories/support/story-env'

export type StoryModule = Parameters<typeof composeStories>[0]
export type ComposedStory = ((props: Record<string, unknown>) => ReactElement) & {
  parameters: Record<string, unknown>
}

/** Every story file of widgets/, stories/ and src/, loaded on demand. */
export const storyFiles = import.meta.glob<StoryModule>([
  '../../../widgets/**/*.stories.tsx',
  '../../../stories/**/*.stories.tsx',
  '../../../src/**/*.stories.tsx',
])

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

/** Shard `shard` (from 0) of `shards`: every `shards`-th story file in name order, loaded. */
export async function storyShard(shard: number, shards: number): Promise<Array<[string, StoryModule]>> {
  const names = Object.keys(storyFiles)
    .sort((a, b) => a.localeCompare(b))
    .filter((_, index) => index % shards === shard)
  return Promise.all(
    names.map(
      async (name) => [name.replace('../../../', ''), await storyFiles[name]!()] as [string, StoryModule],
    ),
  )
}

/** One test per story of `files`: it renders without a crash, an undeclared error panel or a missing fixture. */
export function describeStories(files: Array<[string, StoryModule]>) {
  // React reports a crash caught by a boundary through console.error: collected per story
  let errors: string[] = []
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '))
    })
  })
  afterAll(() => vi.restoreAllMocks())
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
        // A declared panel may come after the requests stop: the page file is validated in the browser, and the
        // first validation in a worker compiles the page schema (seconds on a loaded machine).
        if (Story.parameters.errorPanel === true)
          await waitFor(() => expect(document.querySelector('[data-error-panel]')).not.toBeNull(), {
            timeout: 5000,
          }).catch(() => undefined)
        const panels = [...document.querySelectorAll('[data-error-panel]')].map((panel) => panel.textContent)
        const declared = Story.parameters.errorPanel === true
        try {
          expect(env.missing.join(', '), 'requests no fixture answers: add them to the story env').toBe('')
          if (declared) expect(panels.length, 'the story declares an error panel').toBeGreaterThan(0)
          else expect(panels.join(' | ').slice(0, 600), 'error panels shown').toBe('')
          // React reports a crash caught by a boundary (and a thrown render) through console.error.
          expect(errors.filter((e) => /The above error occurred|Uncaught|error boundary/i.test(e))).toEqual(
            [],
          )
        } finally {
          view.unmount()
        }
      },
    )
  })
}
