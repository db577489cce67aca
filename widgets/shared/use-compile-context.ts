import { useMemo } from 'react'
import { useRegistry, useRendererEnv, type CompileContext } from '../../renderer/index'
import { useTexts } from './use-texts'

/**
 * What the compiler needs from the running page: texts, required-message kinds, the warehouse quantity
 * precision, a cache key per language and precision. Texts are the page's inside a page, else the user's (a
 * widget that compiles fields of its own outside one, e.g. DynamicForm in a story).
 */
export function useCompileContext(): Omit<CompileContext, 'mode'> & { cacheKey: string } {
  const t = useTexts()
  const registry = useRegistry()
  const { user } = useRendererEnv()
  return useMemo(
    () => ({
      t,
      cacheKey: `${user.language}:${user.quantityPrecision ?? ''}`,
      quantityPrecision: user.quantityPrecision,
      requiredMessage: (widget: string) =>
        (registry.has(widget) ? registry.get(widget).requiredMessage : undefined) ?? 'enter',
    }),
    [t, registry, user.language, user.quantityPrecision],
  )
}
