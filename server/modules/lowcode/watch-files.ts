/**
 * Watches a folder tree for changed files (Node's fs.watch, recursive: Linux, macOS and Windows with Node 20)
 * and reports them in batches: an editor's save is often several events (truncate, write, rename of a swap
 * file), so each path is reported once after `debounceMs` of quiet. An event without a file name (some
 * platforms, a renamed folder) reports `undefined`: the caller rescans everything.
 */
import { watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'

export interface FileWatch {
  close(): void
}

export function watchFiles(
  dir: string,
  accept: (name: string) => boolean,
  onChange: (paths: Array<string | undefined>) => void,
  debounceMs = 100,
): FileWatch {
  const pending = new Set<string | undefined>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    const paths = [...pending]
    pending.clear()
    onChange(paths)
  }
  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, name) => {
    if (name !== null && !accept(String(name))) return
    pending.add(name === null ? undefined : join(dir, String(name)))
    clearTimeout(timer)
    timer = setTimeout(flush, debounceMs)
  })
  return {
    close() {
      clearTimeout(timer)
      watcher.close()
    },
  }
}
