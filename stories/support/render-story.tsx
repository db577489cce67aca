/** Renders a story with the project's decorators (RendererProvider, ConfigProvider), as Storybook would. */
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any story module shape
export const storiesOf = <T extends Record<string, any>>(module: T) => composeStories(module, preview)
