/**
 * The user's column settings of one table (CORE-COL-04…08): shown at once from the local cache, then from the
 * server (cusz-infos/detail); confirm saves with the record's id and version, restore deletes the record.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  fillPath,
  useRendererEnv,
  type ColumnModel,
  type ColumnSetting,
  type CuszInfoRecord,
} from '../../renderer/index'
import { applySettings, clearCache, completeSettings, readCache, writeCache } from './column-prefs'

const BASE = '/v1/{tenantId}/cusz-infos'
const storage = () => window.localStorage

/** `enabled` false (the page switched column settings off): the page's columns, nothing read or saved. */
export function useColumnSettings(cuszCode: string, columns: ColumnModel[], enabled = true) {
  const env = useRendererEnv()
  const { userId } = env.user
  const path = fillPath(BASE, { user: env.user })
  const [saved, setSaved] = useState(() => (enabled ? readCache(storage(), userId, cuszCode) : undefined))

  useEffect(() => {
    if (!enabled) return
    let live = true
    setSaved(readCache(storage(), userId, cuszCode))
    env
      .request<Partial<CuszInfoRecord>>({
        method: 'GET',
        service: 'hpfm',
        path: `${path}/detail`,
        params: { userId, cuszCode },
        silent: true, // the cached or default columns stay usable when the server cannot answer
      })
      .then((record) => {
        if (!live) return
        if (!record.id || typeof record.cuszInfo !== 'string') {
          clearCache(storage(), userId, cuszCode)
          return setSaved(undefined)
        }
        const next = {
          settings: JSON.parse(record.cuszInfo) as ColumnSetting[],
          record: record as CuszInfoRecord,
        }
        writeCache(storage(), userId, cuszCode, next)
        setSaved(next)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [env, path, userId, cuszCode, enabled])

  const save = useCallback(
    async (settings: ColumnSetting[]) => {
      const record = await env.request<CuszInfoRecord>({
        method: 'POST',
        service: 'hpfm',
        path: `${path}/singleSave`,
        data: {
          userId,
          cuszCode,
          menuId: env.menuId ?? null,
          id: saved?.record?.id ?? null,
          objectVersionNumber: saved?.record?.objectVersionNumber ?? null,
          cuszInfo: JSON.stringify(settings),
        },
      })
      const next = { settings, record }
      writeCache(storage(), userId, cuszCode, next)
      setSaved(next)
    },
    [env, path, userId, cuszCode, saved],
  )

  const restore = useCallback(async () => {
    const record = saved?.record
    if (record) {
      await env.request({
        method: 'POST',
        service: 'hpfm',
        path: `${path}/singleDelete`,
        data: { userId, cuszCode, id: record.id, objectVersionNumber: record.objectVersionNumber },
      })
    }
    clearCache(storage(), userId, cuszCode)
    setSaved(undefined)
  }, [env, path, userId, cuszCode, saved])

  const shown = useMemo(() => applySettings(columns, saved?.settings), [columns, saved])
  const settings = useMemo(() => completeSettings(columns, saved?.settings), [columns, saved])
  return { columns: shown, settings, save, restore }
}
