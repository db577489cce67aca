/**
 * Page file changes the server announces over the notice socket (issue 22, live files: frame key
 * `page-schema-changed`, server/modules/lowcode/index.ts). The header's socket (use-notices.ts) hands them
 * here; each open schema page (SchemaPageHost) listens and reloads its page when its file changed, in place:
 * the tab stays, and so does what the page keeps while its definition still fits.
 */
import {
  PAGE_CHANGED_FRAME_KEY,
  type PageSchemaChanged,
  type SocketFrame,
} from '../../renderer/contract/hmsg'
import { normaliseFile } from './route-table'

type Listener = (change: PageSchemaChanged) => void
const listeners = new Set<Listener>()

/** The change a frame carries, or undefined when the frame is about something else or unreadable. */
export function parsePageChange(frame: SocketFrame): PageSchemaChanged | undefined {
  if (frame.key !== PAGE_CHANGED_FRAME_KEY) return undefined
  try {
    const change = JSON.parse(frame.message) as Partial<PageSchemaChanged>
    return typeof change.file === 'string' && typeof change.version === 'number'
      ? (change as PageSchemaChanged)
      : undefined
  } catch {
    return undefined
  }
}

/** Hands a socket frame to the listeners when it announces a page change; answers whether it did. */
export function dispatchPageChange(frame: SocketFrame): boolean {
  const change = parsePageChange(frame)
  if (!change) return false
  for (const listener of [...listeners]) listener(change)
  return true
}

/** Calls `listener` for each change of the page file `file`; answers the function that stops it. */
export function onPageFileChange(file: string, listener: Listener): () => void {
  const mine = normaliseFile(file)
  const wrapped: Listener = (change) => {
    if (normaliseFile(change.file) === mine) listener(change)
  }
  listeners.add(wrapped)
  return () => void listeners.delete(wrapped)
}

/** Calls `listener` for every page change (the shell: a new screen's route); answers the function that stops it. */
export function onAnyPageChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
