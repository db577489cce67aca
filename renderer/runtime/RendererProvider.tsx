import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { createPermissionChecker, type PermissionChecker } from '../access/permission-checker'
import { onConfigChanged, watchConfigWrites } from '../data/config-changes'
import { watchDataWrites } from '../data/data-changes'
import { createLookupLoader } from '../data/lookups'
import { createLovNames } from '../data/lov-names'
import { createLovViewLoader, type LovViewLoader } from '../data/lov-views'
import { createDynamicFormLoader, type DynamicFormLoader } from '../data/dynamic-forms'
import type { RendererEnv } from '../env'
import type { WidgetRegistry } from '../registry/registry'
import { RendererContext } from './context'

export interface RendererProviderProps {
  /** Keep it stable (memoise it): permission and value-list caches live as long as it does. */
  env: RendererEnv
  registry: WidgetRegistry
  /**
   * The session's permission checker and Lov view loader (the app creates them once per signed-in session,
   * src/stores/session-caches.ts). Without them the provider makes its own, living as long as `env`.
   */
  permissions?: PermissionChecker
  lovViews?: LovViewLoader
  dynamicForms?: DynamicFormLoader
  children?: ReactNode
}

/**
 * Provides the environment, the widget registry, the batched permission checker, the value-list loader and
 * the Lov view cache.
 * @example <RendererProvider env={env} registry={createRegistry(widgetEntries)}><SchemaPage … /></RendererProvider>
 */
export function RendererProvider({
  env,
  registry,
  permissions,
  lovViews,
  dynamicForms,
  children,
}: RendererProviderProps) {
  // A value set, Lov view or prompt saved in any page drops this page's value-list and Lov caches (a session
  // Lov loader given as a prop clears itself, session-caches.ts).
  const [configVersion, setConfigVersion] = useState(0)
  useEffect(() => onConfigChanged(() => setConfigVersion((version) => version + 1)), [])
  const watched = useMemo(() => watchDataWrites(watchConfigWrites(env)), [env])
  const services = useMemo(
    () => ({
      env: watched,
      registry,
      permissions: permissions ?? createPermissionChecker(watched),
      lookups: createLookupLoader(watched),
      // A session loader given from outside drops its own definitions on a configuration change.
      lovViews: lovViews ?? createLovViewLoader(watched),
      lovNames: createLovNames(watched),
      dynamicForms: dynamicForms ?? createDynamicFormLoader(watched),
    }),
    // configVersion: new loaders (empty caches) after a configuration change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [watched, registry, configVersion, permissions, lovViews, dynamicForms],
  )
  return <RendererContext.Provider value={services}>{children}</RendererContext.Provider>
}
