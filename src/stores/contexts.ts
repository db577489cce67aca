/** React access to the app services and the loaded session. */
import { createContext, useContext } from 'react'
import type { AppServices } from './app-services'
import type { AppSession } from './load-session'
import type { RouteTable } from '../routes/route-table'

export const ServicesContext = createContext<AppServices | null>(null)
export const SessionContext = createContext<(AppSession & { routes: RouteTable }) | null>(null)

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices: render inside <ServicesContext.Provider> (see src/main.tsx).')
  return services
}

export function useSession(): AppSession & { routes: RouteTable } {
  const session = useContext(SessionContext)
  if (!session)
    throw new Error('useSession: render inside the signed-in app (see src/shell/SignedInApp.tsx).')
  return session
}
