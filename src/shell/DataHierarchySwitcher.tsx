/**
 * The data hierarchy switcher in the header (CORE-USR-02…05). The header renders it only for a user whose
 * dataHierarchyFlag is 1, so a user without the flag causes no data hierarchy call at all. Levels shown as
 * SELECT are selects in the header; MODAL levels are chosen in a dialog the header's button opens
 * (hasSelect / hasModal); at mobile widths (PLAT-SHELL-05) every level goes in the dialog, so the header fits a phone.
 * A saved choice restarts the app from the root, like a role or tenant switch.
 */
import { ClusterOutlined, DownOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
// the modules themselves, not renderer/index: the shell's chunk must not take in the page renderer
import type { CurrentUser, DataHierarchyChoice, DataHierarchyDisplayStyle } from '../../renderer/index'
import { dataHierarchyApi, parentValueOf } from '../../renderer/data/data-hierarchies'
import { useServices } from '../stores/contexts'
import { useIsMobile } from './breakpoints'
import { restartAtRoot } from './session-actions'

// Loaded when first opened: not needed for the first paint.
const DataHierarchyModal = lazy(() =>
  import('./DataHierarchyModal').then((m) => ({ default: m.DataHierarchyModal })),
)
// antd's Select is a chunk of its own, fetched when a header level is first about to be opened (HeaderLevel)
const loadLevelSelect = () =>
  import('../../widgets/data-hierarchy/LevelSelect').then((m) => ({ default: m.LevelSelect }))
const LevelSelect = lazy(loadLevelSelect)

export function DataHierarchySwitcher({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const services = useServices()
  const api = useMemo(
    () =>
      dataHierarchyApi((request) => services.http.request(request), {
        roleLevel: user.currentRoleLevel,
        tenantId: user.tenantId,
      }),
    [services, user.currentRoleLevel, user.tenantId],
  )
  const [style, setStyle] = useState<DataHierarchyDisplayStyle>()
  const [modalOpen, setModalOpen] = useState<boolean>()
  const [saving, setSaving] = useState(false)
  const compact = useIsMobile()
  useEffect(() => {
    let live = true
    // A failure is reported by the HTTP client; the header then simply has no switcher.
    api.displayStyle().then(
      (loaded) => live && setStyle(loaded),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [api])

  /** Saves the choices in order; a refused one keeps the page as it is (the client showed why). */
  const save = async (choices: DataHierarchyChoice[]) => {
    setSaving(true)
    try {
      for (const choice of choices) await api.choose(choice)
    } catch {
      setSaving(false)
      return false
    }
    restartAtRoot(services.browser)
    return true
  }

  if (!style || (!style.hasSelect && !style.hasModal)) return null
  const levels = [...style.selectList, ...style.modalList]
  const selectList = compact ? [] : style.selectList
  const modalList = compact ? levels : style.modalList
  const modalSummary = modalList.map((l) => l.dataHierarchyMeaning ?? t('dataHierarchy.notChosen'))
  return (
    <Flex align="center" gap={4} role="group" aria-label={t('dataHierarchy.title')}>
      {selectList.map((level) => (
        <HeaderLevel
          key={level.dataHierarchyCode}
          api={api}
          aria-label={level.dataHierarchyName}
          placeholder={level.dataHierarchyName}
          dataHierarchyCode={level.dataHierarchyCode}
          parentValue={parentValueOf(levels, level)}
          value={level.dataHierarchyValue}
          meaning={level.dataHierarchyMeaning ?? ''}
          disabled={saving}
          loadFailedText={t('dataHierarchy.loadFailed')}
          style={{ minWidth: 140, maxWidth: 220 }}
          onChange={(option) => {
            if (option)
              void save([
                {
                  dataHierarchyCode: level.dataHierarchyCode,
                  dataHierarchyValue: option.value,
                  dataHierarchyMeaning: option.meaning,
                },
              ])
          }}
        />
      ))}
      {modalList.length > 0 && (
        <Button
          type="text"
          icon={<ClusterOutlined />}
          aria-label={`${t('dataHierarchy.choose')}: ${modalSummary.join(' / ')}`}
          title={t('dataHierarchy.choose')}
          onClick={() => setModalOpen(true)}
        >
          {modalSummary.join(' / ')}
        </Button>
      )}
      {modalOpen !== undefined && (
        <Suspense fallback={null}>
          <DataHierarchyModal
            open={modalOpen}
            api={api}
            levels={levels}
            modalList={modalList}
            saving={saving}
            onSave={save}
            onClose={() => setModalOpen(false)}
          />
        </Suspense>
      )}
    </Flex>
  )
}

/**
 * A select level of the header. Until the user first opens it, it is a button that looks like the select and
 * shows the current value: the select (antd Select, ~23 KB gzip) is loaded on that first click, and fetched
 * ahead when the pointer or the focus comes to the button, so the first paint of every page goes without it
 * (bench measure 5).
 */
function HeaderLevel(props: ComponentProps<typeof LevelSelect>) {
  const [engaged, setEngaged] = useState(false)
  const { token } = theme.useToken()
  const preview = (
    <Button
      role="combobox"
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      disabled={props.disabled}
      style={{ ...props.style, justifyContent: 'space-between' }}
      icon={<DownOutlined style={{ fontSize: 12, opacity: 0.45 }} />}
      iconPosition="end"
      onPointerEnter={() => void loadLevelSelect()}
      onFocus={() => void loadLevelSelect()}
      onClick={() => setEngaged(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setEngaged(true)
      }}
    >
      {/* a level not chosen yet shows its name in the secondary text colour (readable: WCAG AA contrast) */}
      <span
        style={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          color: props.meaning ? undefined : token.colorTextSecondary,
        }}
      >
        {props.meaning || props.placeholder}
      </span>
    </Button>
  )
  if (!engaged) return preview
  return (
    <Suspense fallback={preview}>
      <LevelSelect {...props} openOnMount />
    </Suspense>
  )
}
