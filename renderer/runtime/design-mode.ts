/**
 * Whether the page renders inside the page designer, where its widgets add design marks
 * (compile/design-marks.ts). False everywhere else, so a page widget pays one context read and adds nothing.
 */
import { createContext, useContext } from 'react'

export const DesignModeContext = createContext(false)

export const useDesignMode = (): boolean => useContext(DesignModeContext)
