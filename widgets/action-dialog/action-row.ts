import { createContext } from 'react'
import type { Row } from '../../renderer/index'

/**
 * The row a row action's dialog was opened for, for the dialog's field widgets that load what belongs to it
 * (e.g. PickSerials fills its path's {outboundOrderId} from it). Undefined for a toolbar action.
 */
export const ActionRowContext = createContext<Row | undefined>(undefined)

/** The server's last refusal of a dialog: its field messages and the body they refer to (cleared on a retry). */
export interface DialogRefusal {
  fields: Record<string, string>
  body: Row
}

/** For field widgets that show a refusal on their own parts, e.g. LineTable on the row a "lines[1]" names. */
export const DialogRefusalContext = createContext<DialogRefusal | undefined>(undefined)
