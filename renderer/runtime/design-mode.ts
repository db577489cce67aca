/**
 * Whether a page widget renders the page being designed, where it adds design marks (compile/design-marks.ts).
 * The designer provides the designed file; a page nested in it (a tab's page, another file) is not designed
 * there, so its widgets add no marks that would name the outer file's entries. Everywhere else: false, for one
 * context read and nothing added.
 */
import { createContext, useContext } from 'react'
import { PageContext } from './page-context'

/** The file the page designer designs (its preview), undefined outside the designer. */
export const DesignModeContext = createContext<string | undefined>(undefined)

export function useDesignMode(): boolean {
  const designed = useContext(DesignModeContext)
  const page = useContext(PageContext)
  return designed !== undefined && page?.file === designed
}
