/**
 * Live reference data (issue 22): with live files on, a saved value set file (`server/seed/data/lookups*.json`,
 * `lookups/*.json`) or Lov view file (`lov-views*`) adds what the database lacks at once (seed/reference-data.ts),
 * and the pages are checked again against the value sets the files now declare. A file that does not read (bad
 * JSON, a view that fails its check) changes nothing: the log names the file and the problem.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../../db/schema.ts'
import { fileLookups, syncReferenceData, type ReferenceSync } from '../../seed/reference-data.ts'
import { shared } from '../../plugins/shared.ts'
import { watchFiles, type FileWatch } from './watch-files.ts'

/** A file of the value set or Lov view seed sets (`lookups.json`, `lookups/winv.json`, `lov-views/…`). */
const isReferenceFile = (name: string) =>
  name.endsWith('.json') && /^(lookups|lov-views)([./\\]|$)/.test(name)

/**
 * One save's work: the files' value sets and Lov views the database lacks are added, and `codes` (what pages
 * are checked against) becomes the value set codes the files declare. The value set files are read once, so
 * the database and the page check follow the same text even when the file changes again meanwhile.
 */
export async function applyReferenceFiles(
  db: Db,
  dataDir: string,
  codes?: Set<string>,
): Promise<ReferenceSync> {
  const lookups = fileLookups(dataDir)
  const added = await syncReferenceData(db, dataDir, lookups)
  if (codes) {
    codes.clear()
    for (const code of Object.keys(lookups)) codes.add(code)
  }
  return added
}

export function liveReferenceData(): FastifyPluginAsync {
  return shared(async (app) => {
    if (!app.config.liveSchemas) return
    const dataDir = app.config.seedDataDir
    let watch: FileWatch | undefined
    let applying = Promise.resolve()
    const apply = () => {
      applying = applying.then(async () => {
        try {
          const codes = app.livePages?.refs.lookupCodes
          const added = await applyReferenceFiles(app.db, dataDir, codes)
          if (added.lookups.length || added.values?.length || added.lovViews.length)
            app.log.info(added, 'reference data of the files added to the database')
          if (codes) app.livePages.recheck()
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
