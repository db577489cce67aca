/**
 * What each action of a list page does: open the form, confirm and delete, navigate, call the server, or open
 * the export dialog.
 */
import { useCallback, useState } from 'react'
import {
  fillPath,
  usePageContext,
  useRendererEnv,
  type DataSource,
  type PageAction,
  type Row,
} from '../../renderer/index'
import type { EditMode } from '../edit-form/EditForm'
import { notifyActed } from '../shared/action-answer'

export interface OpenForm {
  mode: EditMode
  record?: Row
}

/** A server action waiting for its dialog's values. */
export interface OpenDialog {
  action: Extract<PageAction, { type: 'action' }>
  row?: Row
}

export function useListActions(dataSource: DataSource, reload: () => void) {
  const env = useRendererEnv()
  const { t, params } = usePageContext()
  const [open, setOpen] = useState<OpenForm | undefined>()
  const [exporting, setExporting] = useState(false)
  const [dialog, setDialog] = useState<OpenDialog | undefined>()

  const fail = useCallback(
    (error: unknown) => env.notify.error(error instanceof Error ? error.message : String(error)),
    [env],
  )

  const perform = useCallback(
    async (action: PageAction, row?: Row) => {
      switch (action.type) {
        case 'create':
          return setOpen({ mode: 'create' })
        case 'edit':
          return setOpen({ mode: 'edit', record: row })
        case 'view':
          return setOpen({ mode: 'view', record: row })
        case 'navigate':
          return env.navigate(fillPath(action.to, { user: env.user, params, row }))
        case 'delete': {
          if (!row) return
          const confirmed = await env.confirm({
            title: t(action.confirm?.title ?? 'common.confirm.delete.title'),
            content: t(action.confirm?.content ?? 'common.confirm.delete.content'),
            danger: true,
          })
          if (!confirmed) return
          try {
            await dataSource.remove(row)
            env.notify.success(t('common.message.deleted'))
            reload()
          } catch (error) {
            fail(error)
          }
          return
        }
        case 'action': {
          // a dialog asks for the body first; its OK button is the confirmation
          if (action.dialog) return setDialog({ action, row })
          if (action.confirm && !(await env.confirm({ title: t(action.confirm.title) }))) return
          try {
            notifyActed(env.notify, t, action, await dataSource.action(action.path, row))
            reload()
          } catch (error) {
            fail(error)
          }
          return
        }
        case 'export':
          return setExporting(true)
      }
    },
    [dataSource, env, fail, params, reload, t],
  )
  return {
    open,
    close: () => setOpen(undefined),
    perform,
    exporting,
    closeExport: () => setExporting(false),
    dialog,
    closeDialog: () => setDialog(undefined),
    /** POSTs a dialog's body to its action's path (filled from the row); errors go back to the dialog. */
    submitDialog: (open: OpenDialog, body: Row) =>
      dataSource.action(open.action.path, body, open.row ?? body),
    /** After a dialog's action succeeded: its message, closed, the list reloaded. */
    dialogDone: (open: OpenDialog, answer: unknown) => {
      notifyActed(env.notify, t, open.action, answer)
      setDialog(undefined)
      reload()
    },
  }
}
