import type { StorybookConfig } from '@storybook/react-vite'

// Widget stories live beside their widgets; whole pages rendered from schemas/ live in stories/.
const config: StorybookConfig = {
  stories: ['../widgets/**/*.stories.tsx', '../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
}
export default config
