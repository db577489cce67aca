/** PLAT-HDR-01: the tenant's title and favicon (from users/self) become the document's title and icon. */
import { useEffect } from 'react'

export function useBranding(title: string, favicon: string | undefined): void {
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    if (!favicon) return
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      document.head.appendChild(link)
    }
    link.href = favicon
  }, [favicon])
}
