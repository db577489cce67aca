#!/usr/bin/env node
// `npm run build` (after the app): the server as one ES module, dist/server/main.js, so `npm start` runs plain
// JavaScript instead of compiling the TypeScript at every start (bench measure 8). Packages stay in node_modules.
import { build } from 'esbuild'

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
