import { useMemo } from 'react'
import { usePageContext, useRegistry, useRendererEnv, type CompileContext } from '../../renderer/index'

/**
 * What the compiler needs from the running page: texts, required-message kinds, the warehouse quantity
 * precision, a cache key per language and precision.
 */
export function useCompileContext(): Omit<CompileContext, 'mode'> & { cacheKey: string } {
  const { t } = usePageContext()
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
