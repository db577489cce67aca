/**
 * The heading of a form or master-detail page (issue 19): a saved document is titled by its number, not by
 * "New …", and offers the actions its lifecycle allows in its current status — the same actions, texts,
 * confirmations and dialogs as its list page's rows (served with the document facts), each gated by its
 * permission code. An action waits while the page has unsaved changes, and the page reloads after it.
 */
import { Button, Space, Spin } from 'antd'
import { useEffect, useMemo } from 'react'
import {
  evaluateCondition,
  PageContext,
  Permission,
  createTexts,
  usePageContext,
  useRendererEnv,
  type DataSource,
  type PageAction,
  type Row,
  type TextResolver,
} from '../../renderer/index'
import { useListActions } from '../list-page/use-row-actions'
import { ActionDialogHost } from '../list-page/ActionDialogHost'
import { actionKey, actionLabel } from '../shared/action-label'
import { useLeadingDebounce } from '../shared/use-debounced'
import type { DocumentFacts } from './use-document-facts'

export interface DocumentHeaderProps {
  /** The page's title key: the heading of a new document (and of a document without a number). */
  title: string
  /** Undefined while they load (a saved document's heading waits for them), null for a page that is no document. */
  facts?: DocumentFacts | null
  /** The saved document; undefined on a create page. */
  record?: Row
  /** The document's data source: its actions are POSTed through it. */
  dataSource: DataSource
  /** Whether the page holds changes not saved yet. */
  unsaved?(): boolean
  onActed(): void
}

/** The document's number, when the page shows a saved document that has one. */
export function documentNumber(
  facts: DocumentFacts | null | undefined,
  record: Row | undefined,
): string | undefined {
  const value = facts?.numberField ? record?.[facts.numberField] : undefined
  return value === undefined || value === null || value === '' ? undefined : String(value)
}

export function DocumentHeader(props: DocumentHeaderProps) {
  const outer = usePageContext()
  const env = useRendererEnv()
  const listTexts = props.facts?.texts
  // The actions' texts come from the list page: the page's own texts first, then those.
  const context = useMemo(() => {
    if (!listTexts) return outer
    const fromList = createTexts(env, listTexts)
    const t: TextResolver = (key, vars) => {
      const own = outer.t(key, vars)
      return own !== key ? own : fromList(key, vars)
    }
    return { ...outer, t }
  }, [outer, env, listTexts])
  return (
    <PageContext.Provider value={context}>
      <HeaderBody {...props} />
    </PageContext.Provider>
  )
}

function HeaderBody({ title, facts, record, dataSource, unsaved, onActed }: DocumentHeaderProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const number = documentNumber(facts, record)
  // A saved document is never titled "New …", not even while its facts (and so its number field) load.
  const pending = Boolean(record) && facts === undefined
  const heading = pending ? <Spin size="small" /> : (number ?? t(title))
  useEffect(() => {
    if (number) env.setTitle?.(number)
  }, [env, number])
  const running = useListActions(dataSource, onActed)
  const { perform } = running
  const run = useLeadingDebounce((action: PageAction, row: Row) => {
    if (unsaved?.()) return void env.notify.error(t('common.detail.saveFirst'))
    void perform(action, row)
  })
  const actions = record
    ? (facts?.actions ?? []).filter(
        (action) => !action.visibleWhen || evaluateCondition(action.visibleWhen, (field) => record[field]),
      )
    : []
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
      <h2 style={{ fontSize: 18, margin: 0 }} aria-busy={pending || undefined}>
        {heading}
      </h2>
      {record && actions.length ? (
        <Space wrap className="wms-document-actions">
          {actions.map((action) => (
            <Permission key={actionKey(action)} code={action.permission}>
              {(disabled) => (
                <Button
                  disabled={disabled}
                  danger={action.type === 'delete'}
                  onClick={() => run(actionKey(action), action, record)}
                >
                  {actionLabel(action, t)}
                </Button>
              )}
            </Permission>
          ))}
        </Space>
      ) : null}
      <ActionDialogHost actions={running} />
    </div>
  )
}
