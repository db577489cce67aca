/** Loads the column tree of an export (CORE-EXP-02): the list URL with exportType=COLUMN and the page's filters. */
import { useCallback, useEffect, useState } from 'react'
import {
  stripEmpty,
  useRendererEnv,
  type ExportColumnTree,
  type ExportScreenColumn,
  type ServiceName,
} from '../../renderer/index'
import { screenColumnsParams } from './screen-columns'

export interface ExportColumnsState {
  tree?: ExportColumnTree
  loading: boolean
  error?: string
  reload(): void
}

export function useExportColumns(
  service: ServiceName,
  path: string,
  filters: Record<string, unknown>,
  /** The screen's columns (issue 19): the tree then offers them, as shown. */
  screen?: ExportScreenColumn[],
): ExportColumnsState {
  const env = useRendererEnv()
  const [state, setState] = useState<Omit<ExportColumnsState, 'reload'>>({ loading: true })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState({ loading: true })
    env
      .request<ExportColumnTree>({
        method: 'GET',
        service,
        path,
        params: { ...stripEmpty(filters), exportType: 'COLUMN', ...screenColumnsParams(screen) },
        silent: true,
      })
      .then(
        (tree) => live && setState({ tree, loading: false }),
        (error: unknown) =>
          live && setState({ loading: false, error: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      live = false
    }
    // filters are the page's search at the time the dialog opened; a new search opens a new dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env, service, path, attempt])
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, reload }
}
