import type { StorybookConfig } from '@storybook/react-vite'

/**
 * Widget stories live beside their widgets and are all listed under one heading, "Widgets" (the titlePrefix
 * is put before each story's own title: Widgets/Fields/Input, Widgets/Pages/ListPage …); the introduction,
 * whole pages rendered from schemas/ and the shell live in stories/. tests/unit/stories-coverage.test.ts
 * checks that every registered widget has a story there.
 */
export const WIDGETS_HEADING = 'Widgets'

const config: StorybookConfig = {
  stories: [
    { directory: '../widgets', files: '**/*.stories.tsx', titlePrefix: WIDGETS_HEADING },
    '../stories/**/*.stories.tsx',
    '../src/**/*.stories.tsx',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // preview.tsx loads every widget with a top-level await before the first story.
  viteFinal: (config) => ({ ...config, build: { ...config.build, target: 'es2022' } }),
}
export default config
