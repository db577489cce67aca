import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { currentStoryEnv } from '../../stories/support/story-env'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './Select.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('shows the meaning of the selected value from the value set', async () => {
  render(<Edit />)
  expect(await screen.findByText('Cold storage')).toBeInTheDocument()
  const batch = currentStoryEnv().calls.filter((c) => c.path === '/v1/1/lovs/value/batch')
  expect(batch).toHaveLength(1)
  expect(batch[0]?.params).toEqual({ 'WMDM.WAREHOUSE_TYPE': 'WMDM.WAREHOUSE_TYPE' })
})

test('read-pretty shows the meaning, not the code', async () => {
  render(<ReadPretty />)
  expect(await screen.findByText('Bonded')).toBeInTheDocument()
  expect(screen.queryByText('BONDED')).toBeNull()
})
