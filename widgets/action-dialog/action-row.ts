import { createContext } from 'react'
import type { Row } from '../../renderer/index'

/**
 * The row a row action's dialog was opened for, for the dialog's field widgets that load what belongs to it
 * (e.g. PickSerials fills its path's {outboundOrderId} from it). Undefined for a toolbar action.
 */
export const ActionRowContext = createContext<Row | undefined>(undefined)
