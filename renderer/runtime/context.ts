/** The renderer's services, provided once by RendererProvider and read by hooks. */
import { createContext, useContext } from 'react'
import type { PermissionChecker } from '../access/permission-checker'
import type { LookupLoader } from '../data/lookups'
import type { LovNames } from '../data/lov-names'
import type { LovViewLoader } from '../data/lov-views'
import type { DynamicFormLoader } from '../data/dynamic-forms'
import type { RendererEnv } from '../env'
import type { WidgetRegistry } from '../registry/registry'

export interface RendererServices {
  env: RendererEnv
  registry: WidgetRegistry
  permissions: PermissionChecker
  lookups: LookupLoader
  lovViews: LovViewLoader
  /** Dynamic form definitions (DynamicForm fields), kept for the session like Lov views. */
  dynamicForms: DynamicFormLoader
  /** Names of Lov values for read-only fields without a text field (batched, kept for the session). */
  lovNames: LovNames
}

export const RendererContext = createContext<RendererServices | null>(null)

export function useRendererServices(): RendererServices {
  const services = useContext(RendererContext)
  if (!services) {
    throw new Error(
      'renderer hooks need a <RendererProvider env={…} registry={…}> above them (see renderer/index.ts)',
    )
  }
  return services
}

/** The environment object (request, user, t, notify, confirm, navigate). */
export const useRendererEnv = (): RendererEnv => useRendererServices().env
export const useRegistry = (): WidgetRegistry => useRendererServices().registry
