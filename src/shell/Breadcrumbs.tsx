/** Breadcrumbs (PLAT-SHELL-08): home, then the menu entries leading to the page on screen. */
import { HomeOutlined } from '@ant-design/icons'
import { Breadcrumb } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { MenuEntry } from '../routes/route-table'
import { WORKPLACE_PATH } from '../routes/home'
import { PERSONAL_CENTRE_PATH } from '../routes/shell-pages'
import { activeMenuChain } from './menu-navigation'

export interface BreadcrumbsProps {
  menu: MenuEntry[]
  pathname: string
  homePath: string
}

export function Breadcrumbs({ menu, pathname, homePath }: BreadcrumbsProps) {
  const { t } = useTranslation()
  // A domain's home page (home.ts) is not the workplace: its link says "home page".
  const homeLabel = homePath === WORKPLACE_PATH ? t('shell.home') : t('shell.homePage')
  const chain = useMemo(() => activeMenuChain(menu, pathname), [menu, pathname])
  const trail = chain.map((entry, index) => {
    const last = index === chain.length - 1
    // The list entry of a sub-page links back to the list; groups have no page of their own.
    const link = entry.route && !entry.children && !(last && entry.route === pathname)
    return { key: entry.id, title: link ? <Link to={entry.route!}>{entry.name}</Link> : entry.name }
  })
  if (pathname === PERSONAL_CENTRE_PATH) trail.push({ key: 0, title: t('shell.personalCenter') })
  return (
    <Breadcrumb
      data-testid="breadcrumbs"
      style={{ paddingInline: 16, paddingTop: 12 }}
      items={[
        {
          key: 'home',
          title:
            pathname === homePath ? (
              <HomeOutlined aria-label={homeLabel} />
            ) : (
              <Link to={homePath} aria-label={homeLabel}>
                <HomeOutlined />
              </Link>
            ),
        },
        ...trail,
      ]}
    />
  )
}
