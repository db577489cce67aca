/**
 * The layout settings drawer (PLAT-SET-01..12), 300 wide: page style, theme colour, navigation mode,
 * content width, fixed header, fixed sidebar, weak colour, and copying the settings. A theme change shows
 * '正在切换主题' (zh_CN) while it is applied.
 */
import { CheckOutlined } from '@ant-design/icons'
import { App, Button, Divider, Drawer, Flex, Radio, Select, Switch, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DRAWER_DEFAULT_COLOR, THEME_COLORS, type LayoutSettings } from './layout-settings'

export const SETTINGS_DRAWER_WIDTH = 300
// Long enough for the new theme to paint before the loading message goes.
const THEME_MESSAGE_MS = 500

export interface SettingsDrawerProps {
  open: boolean
  onClose(): void
  settings: LayoutSettings
  onChange(patch: Partial<LayoutSettings>): void
  /** The drawer's own default colour: shown when none is set, and what "reset" restores (X-01). */
  defaultPrimaryColor?: string
}

export function SettingsDrawer(props: SettingsDrawerProps) {
  const { settings, onChange, defaultPrimaryColor = DRAWER_DEFAULT_COLOR } = props
  const { t } = useTranslation()
  const { message } = App.useApp()
  const shownColor = (settings.primaryColor || defaultPrimaryColor).toLowerCase()

  const changeTheme = (patch: Partial<LayoutSettings>) => {
    const hide = message.loading(t('settings.switchingTheme'), 0)
    onChange(patch)
    setTimeout(hide, THEME_MESSAGE_MS)
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(settings, null, 2))
      void message.success(t('settings.copied'))
    } catch {
      void message.error(t('settings.copyFailed'))
    }
  }

  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      width={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
    >
      <Section title={t('settings.pageStyle')}>
        <Radio.Group
          aria-label={t('settings.pageStyle')}
          value={settings.navTheme}
          onChange={(e) => changeTheme({ navTheme: e.target.value as LayoutSettings['navTheme'] })}
          options={[
            { value: 'light', label: t('settings.theme.light') },
            { value: 'dark', label: t('settings.theme.dark') },
            { value: 'realDark', label: t('settings.theme.realDark'), disabled: true },
          ]}
        />
      </Section>
      <Section title={t('settings.themeColor')}>
        <Flex gap={8} wrap align="center">
          {THEME_COLORS.map(({ key, color }) => (
            <Tooltip key={key} title={t(`settings.color.${key}`)}>
              <button
                type="button"
                aria-label={`${t(`settings.color.${key}`)} ${color}`}
                aria-pressed={shownColor === color.toLowerCase()}
                onClick={() => changeTheme({ primaryColor: color })}
                style={{
                  width: 22,
                  height: 22,
                  border: 0,
                  borderRadius: 4,
                  background: color,
                  color: '#fff',
                  cursor: 'pointer',
                }}
              >
                {shownColor === color.toLowerCase() && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
          <Button size="small" type="link" onClick={() => changeTheme({ primaryColor: defaultPrimaryColor })}>
            {t('settings.resetColor')}
          </Button>
        </Flex>
      </Section>
      <Divider />
      <Section title={t('settings.navMode')}>
        <Radio.Group
          aria-label={t('settings.navMode')}
          value={settings.layout}
          onChange={(e) => onChange({ layout: e.target.value as LayoutSettings['layout'] })}
          options={[
            { value: 'sidemenu', label: t('settings.layout.sidemenu') },
            { value: 'topmenu', label: t('settings.layout.topmenu') },
          ]}
        />
      </Section>
      <Row label={t('settings.contentWidth')}>
        <Select
          aria-label={t('settings.contentWidth')}
          size="small"
          style={{ width: 90 }}
          value={settings.contentWidth}
          onChange={(contentWidth) => onChange({ contentWidth })}
          options={[
            { value: 'Fluid', label: t('settings.width.Fluid') },
            // Fixed width is not offered with the side menu (PLAT-SET-06).
            ...(settings.layout === 'sidemenu' ? [] : [{ value: 'Fixed', label: t('settings.width.Fixed') }]),
          ]}
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          size="small"
          aria-label={t('settings.fixedHeader')}
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => onChange({ fixedHeader })}
        />
      </Row>
      <Row label={t('settings.fixSiderbar')}>
        <Switch
          size="small"
          aria-label={t('settings.fixSiderbar')}
          checked={settings.fixSiderbar}
          disabled={settings.layout === 'topmenu'}
          onChange={(fixSiderbar) => onChange({ fixSiderbar })}
        />
      </Row>
      <Row label={t('settings.colorWeak')}>
        <Switch
          size="small"
          aria-label={t('settings.colorWeak')}
          checked={settings.colorWeak}
          onChange={(colorWeak) => onChange({ colorWeak })}
        />
      </Row>
      <Divider />
      <Button block onClick={() => void copy()}>
        {t('settings.copy')}
      </Button>
    </Drawer>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 20 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ paddingBlock: 8 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  )
}
