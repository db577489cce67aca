import { useMemo } from 'react'
import { usePageContext, useRegistry, useRendererEnv, type CompileContext } from '../../renderer/index'

/** What the compiler needs from the running page: texts, required-message kinds, a cache key per language. */
export function useCompileContext(): Omit<CompileContext, 'mode'> & { cacheKey: string } {
  const { t } = usePageContext()
  const registry = useRegistry()
  const { user } = useRendererEnv()
  return useMemo(
    () => ({
      t,
      cacheKey: user.language,
      requiredMessage: (widget: string) =>
        (registry.has(widget) ? registry.get(widget).requiredMessage : undefined) ?? 'enter',
    }),
    [t, registry, user.language],
  )
}
