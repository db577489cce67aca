/**
 * The dialog of the server action being run (use-row-actions.ts `dialog`), for every page that runs actions:
 * the list page and the document header. The dialog's code loads when it is first opened (`loadActionDialog`
 * fetches it ahead when a page is idle).
 */
import { lazy, Suspense } from 'react'
import type { useListActions } from './use-row-actions'

export const loadActionDialog = () => import('../action-dialog/ActionDialog')
const ActionDialog = lazy(() => loadActionDialog().then((m) => ({ default: m.ActionDialog })))

type Actions = Pick<
  ReturnType<typeof useListActions>,
  'dialog' | 'submitDialog' | 'closeDialog' | 'dialogDone'
>

export function ActionDialogHost({ actions }: { actions: Actions }) {
  const { dialog } = actions
  if (!dialog?.action.dialog) return null
  return (
    <Suspense fallback={null}>
      <ActionDialog
        dialog={dialog.action.dialog}
        label={dialog.action.label ?? 'common.action.save'}
        row={dialog.row}
        submit={(body) => actions.submitDialog(dialog, body)}
        onClose={actions.closeDialog}
        onDone={(answer) => actions.dialogDone(dialog, answer)}
      />
    </Suspense>
  )
}
