import { useMemo, type ReactNode } from 'react'
import { createPermissionChecker } from '../access/permission-checker'
import { createLookupLoader } from '../data/lookups'
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
 * Provides the environment, the widget registry, the batched permission checker and the value-list loader.
 * @example <RendererProvider env={env} registry={createRegistry(defaultWidgets)}><SchemaPage … /></RendererProvider>
 */
export function RendererProvider({ env, registry, children }: RendererProviderProps) {
  const services = useMemo(
    () => ({ env, registry, permissions: createPermissionChecker(env), lookups: createLookupLoader(env) }),
    [env, registry],
  )
  return <RendererContext.Provider value={services}>{children}</RendererContext.Provider>
}
