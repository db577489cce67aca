/**
 * Menu icons by the name the server sends (`database`, `DatabaseOutlined`, `inbox` …). A fixed list keeps
 * the bundle small (all of @ant-design/icons is ~500 KB); unknown names fall back to a folder or file icon.
 */
import {
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  InboxOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  ExportOutlined,
  ImportOutlined,
  ClusterOutlined,
  ToolOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

const ICONS: Record<string, ReactNode> = {
  appstore: <AppstoreOutlined />,
  'bar-chart': <BarChartOutlined />,
  car: <CarOutlined />,
  database: <DatabaseOutlined />,
  desktop: <DesktopOutlined />,
  file: <FileOutlined />,
  'file-text': <FileTextOutlined />,
  folder: <FolderOutlined />,
  home: <HomeOutlined />,
  inbox: <InboxOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  export: <ExportOutlined />,
  import: <ImportOutlined />,
  cluster: <ClusterOutlined />,
  tool: <ToolOutlined />,
}

/** `DatabaseOutlined` / `database` / `Database` → `database`; `BarChart` → `bar-chart`. */
function iconKey(name: string): string {
  return name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
}

export function menuIcon(name: string | undefined, isGroup: boolean): ReactNode {
  const known = name ? ICONS[iconKey(name)] : undefined
  return known ?? (isGroup ? <FolderOutlined /> : <FileOutlined />)
}
