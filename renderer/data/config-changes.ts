/**
 * Platform configuration saved in one page — value sets, Lov views, prompts, dynamic forms — must show in every other page
 * at once, though each page caches value lists and Lov definitions for itself (RendererProvider). A write to
 * one of these paths is announced here; each provider then drops its caches, and the app reloads the prompts.
 * @example const stop = onConfigChanged((path) => reloadPrompts()); … stop()
 */
import type { RendererEnv } from '../env'

type Listener = (path: string) => void
const listeners = new Set<Listener>()

/** Paths whose writes change what Selects, Lovs and texts show (hpfm value-lists, lov-views, prompts). */
export const CONFIG_WRITE_PATH = /\/(value-lists|lov-views|prompts|dynamic-form-headers|dynamic-form-lines)(\/|$)/

export function onConfigChanged(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function announceConfigChange(path: string): void {
  for (const listener of [...listeners]) listener(path)
}

/** `env` whose successful writes to configuration paths are announced. */
export function watchConfigWrites(env: RendererEnv): RendererEnv {
  return {
    ...env,
    request: async (req) => {
      const result = await env.request(req)
      const method = (req.method ?? 'GET').toUpperCase()
      if (method !== 'GET' && req.service === 'hpfm' && CONFIG_WRITE_PATH.test(req.path))
        announceConfigChange(req.path)
      return result as never
    },
  }
}
