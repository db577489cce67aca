import { useMemo, type ReactNode } from 'react'
import { createPermissionChecker } from '../access/permission-checker'
import { createLookupLoader } from '../data/lookups'
import { createLovViewLoader } from '../data/lov-views'
import type { RendererEnv } from '../env'
import type { WidgetRegistry } from '../registry/registry'
import { RendererContext } from './context'

export interface RendererProviderProps {
  /** Keep it stable (memoise it): permission and value-list caches live as long as it does. */
  env: RendererEnv
  registry: WidgetRegistry
  children?: ReactNode
}

/**
 * Provides the environment, the widget registry, the batched permission checker, the value-list loader and
 * the Lov view cache.
 * @example <RendererProvider env={env} registry={createRegistry(defaultWidgets)}><SchemaPage … /></RendererProvider>
 */
export function RendererProvider({ env, registry, children }: RendererProviderProps) {
  const services = useMemo(
    () => ({
      env,
      registry,
      permissions: createPermissionChecker(env),
      lookups: createLookupLoader(env),
      lovViews: createLovViewLoader(env),
    }),
    [env, registry],
  )
  return <RendererContext.Provider value={services}>{children}</RendererContext.Provider>
}
