/** The app for addresses that need no login: error pages and the /public session pages. */
import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { publicRoutes } from '../routes/app-routes'
import { useServices } from '../stores/contexts'

export function PublicApp() {
  const services = useServices()
  const [router] = useState(() => {
    const created = createBrowserRouter(publicRoutes())
    services.router.navigate = (to, options) => void created.navigate(to, options)
    return created
  })
  return <RouterProvider router={router} />
}
