import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder: the nearest folder above this module that holds package.json. The same answer from the
 * TypeScript sources (server/paths.ts) and from the bundle `npm run build` writes (dist/server/main.js), so files
 * the server reads beside its code (the seed, the model files) are found from either.
 */
export const projectRoot = (() => {
  const start = dirname(fileURLToPath(import.meta.url))
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir)
      throw new Error(`No package.json above ${start}: run the server from the project's folder.`)
  }
})()

/** A path inside the project: `projectPath('server', 'seed', 'data')`. */
export const projectPath = (...parts: string[]) => join(projectRoot, ...parts)
