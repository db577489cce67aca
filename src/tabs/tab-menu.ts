/**
 * Which actions a tab's right-click menu offers, by the tab's position (CORE-TAB-05/06). With the fixed home
 * tab at position 0 and n tabs in all:
 *
 *   position            fullscreen  close others  close left  close right  close all
 *   0 (home), n = 1         ✓            –             –            –           –
 *   0 (home), n > 1         ✓            ✓             –            ✓           ✓
 *   1, n = 2                ✓            –             –            –           ✓
 *   1, n > 2                ✓            ✓             –            ✓           ✓
 *   middle (1 < i < n-1)    ✓            ✓             ✓            ✓           ✓
 *   last (i = n-1 ≥ 2)      ✓            ✓             ✓            –           ✓
 *
 * An action is offered only when it would close at least one tab; none ever closes the home tab. The tab
 * bar's "more" menu (acting on the active tab) lists every action at all times; there an action with
 * nothing to close answers with its message ('no tabs on the left', …, CORE-TAB-07..09).
 */
import type { Tab } from './tab-store'

export type TabAction = 'fullscreen' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll'

export const ALL_TAB_ACTIONS: TabAction[] = [
  'fullscreen',
  'closeOthers',
  'closeLeft',
  'closeRight',
  'closeAll',
]

/** The actions the right-click menu of the tab at `index` offers, in menu order. */
export function contextActions(tabs: Tab[], index: number): TabAction[] {
  const closableLeft = tabs.slice(0, index).some((t) => t.closable)
  const closableRight = tabs.slice(index + 1).some((t) => t.closable)
  const closableOthers = tabs.some((t, i) => i !== index && t.closable)
  const anyClosable = tabs.some((t) => t.closable)
  const offered: Record<TabAction, boolean> = {
    fullscreen: true,
    closeOthers: closableOthers,
    closeLeft: closableLeft,
    closeRight: closableRight,
    closeAll: anyClosable,
  }
  return ALL_TAB_ACTIONS.filter((action) => offered[action])
}
