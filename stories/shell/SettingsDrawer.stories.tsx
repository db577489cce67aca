import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import {
  changeSettings,
  DEFAULT_LAYOUT_SETTINGS,
  type LayoutSettings,
} from '../../src/settings/layout-settings'
import { SettingsDrawer } from '../../src/settings/SettingsDrawer'
import { ShellHarness } from './ShellHarness'

/** The drawer on its own settings object, applying the layout rules as the store does (PLAT-SET-11/12). */
function DrawerStory({ initial }: { initial: Partial<LayoutSettings> }) {
  const [settings, setSettings] = useState(() => changeSettings(DEFAULT_LAYOUT_SETTINGS, initial))
  return (
    <ShellHarness>
      <SettingsDrawer
        open
        onClose={() => undefined}
        settings={settings}
        onChange={(patch) => setSettings((current) => changeSettings(current, patch))}
      />
      <pre data-testid="settings">{JSON.stringify(settings)}</pre>
    </ShellHarness>
  )
}

const meta = {
  title: 'Shell/SettingsDrawer',
  component: DrawerStory,
  args: { initial: {} },
} satisfies Meta<typeof DrawerStory>
export default meta
type Story = StoryObj<typeof meta>

/** A fresh profile (PLAT-SET-14): light, #2F54EB, side menu, Fluid only. */
export const Defaults: Story = {}
/** Top menu: Fixed width offered, fixed sidebar disabled (PLAT-SET-06/08). */
export const TopMenuDark: Story = { args: { initial: { layout: 'topmenu', navTheme: 'dark' } } }
