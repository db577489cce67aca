/**
 * Live reference data (issue 22): with live files on, a saved value set file (`server/seed/data/lookups*.json`,
 * `lookups/*.json`) or Lov view file (`lov-views*`) adds what the database lacks at once (seed/reference-data.ts),
 * and the pages are checked again against the value sets the files now declare. A file that does not read (bad
 * JSON, a view that fails its check) changes nothing: the log names the file and the problem.
 */
import type { FastifyPluginAsync } from 'fastify'
import { fileLookups, syncReferenceData } from '../../seed/reference-data.ts'
import { shared } from '../../plugins/shared.ts'
import { watchFiles, type FileWatch } from './watch-files.ts'

/** A file of the value set or Lov view seed sets (`lookups.json`, `lookups/winv.json`, `lov-views/…`). */
const isReferenceFile = (name: string) =>
  name.endsWith('.json') && /^(lookups|lov-views)([./\\]|$)/.test(name)

export function liveReferenceData(): FastifyPluginAsync {
  return shared(async (app) => {
    if (!app.config.liveSchemas) return
    const dataDir = app.config.seedDataDir
    let watch: FileWatch | undefined
    let applying = Promise.resolve()
    const apply = () => {
      applying = applying.then(async () => {
        try {
          const added = await syncReferenceData(app.db, dataDir)
          if (added.lookups.length || added.lovViews.length)
            app.log.info(added, 'reference data of the files added to the database')
          const codes = app.livePages?.refs.lookupCodes
          if (codes) {
            codes.clear()
            for (const code of Object.keys(fileLookups(dataDir))) codes.add(code)
            app.livePages.recheck()
          }
        } catch (error) {
          app.log.error(
            { dir: dataDir, err: error },
            `reference data not applied: ${(error as Error).message}`,
          )
        }
      })
    }
    app.addHook('onReady', async () => {
      try {
        watch = watchFiles(dataDir, isReferenceFile, apply)
      } catch (error) {
        app.log.error({ dir: dataDir, err: error }, 'live reference data: cannot watch the seed data folder')
      }
    })
    app.addHook('onClose', async () => {
      watch?.close()
      await applying
    })
  })
}
