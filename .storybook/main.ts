import type { StorybookConfig } from '@storybook/react-vite'

// Widget and shell stories live beside their components; whole pages rendered from schemas/ live in stories/.
const config: StorybookConfig = {
  stories: ['../widgets/**/*.stories.tsx', '../stories/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
}
export default config
