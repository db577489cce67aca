/**
 * The app's boot (`src/boot.tsx`: React, antd's core, i18n, the router, the shell and the workplace) as one chunk.
 *
 * Why: left to itself, the bundler cuts the modules boot shares with lazy chunks (antd's button, tooltip, config
 * provider…) into one small chunk per set of lazy chunks that share them. Since every widget of the registry is a
 * lazy chunk of its own (issue 18), the sign-in path grew from 26 files to 68 with the same modules: ~15 KB more
 * gzip (each file compressed alone, and the imports and exports between them) and 42 more requests. Those modules
 * run as soon as boot does and nothing can load them before boot, so keeping them in boot's chunk costs no page
 * anything: a lazy chunk imports them from boot's chunk, which is always loaded first.
 *
 * How: boot is an input of the build (vite.config.ts), so the bundler tags what it uses, after tree-shaking, as
 * `$initial`; the group takes those modules, less the ones something reaches without going through boot (the
 * entry's own, `src/main.ts`, which must not load boot on the sign-in page; in the bench build, measure 1's cases,
 * which render the app's providers without the shell and so keep loading what they loaded before).
 */
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

export const BOOT_ENTRY = 'src/boot.tsx'

export function bootChunk() {
  /** Modules reached from an entry without passing through boot, found once the module graph is complete. */
  const elsewhere = new Set<string>()
  const plugin: Plugin = {
    name: 'boot-chunk',
    apply: 'build',
    buildEnd() {
      elsewhere.clear()
      const boot = resolve(BOOT_ENTRY)
      const queue = [...this.getModuleIds()].filter((id) => id !== boot && this.getModuleInfo(id)?.isEntry)
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (id === boot || elsewhere.has(id)) continue
        elsewhere.add(id)
        const module = this.getModuleInfo(id)
        if (module) queue.push(...module.importedIds, ...module.dynamicallyImportedIds)
      }
    },
  }
  return {
    plugin,
    /**
     * The code-splitting group. Not `includeDependenciesRecursively`: the modules boot shares with the entry must
     * stay out of it. No chunk cycle can follow: what is left out (reached without boot) never imports what is in.
     */
    group: {
      name: 'boot',
      tags: ['$initial' as const],
      test: (id: string) => !elsewhere.has(id),
      includeDependenciesRecursively: false,
    },
  }
}
