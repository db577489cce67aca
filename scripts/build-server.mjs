#!/usr/bin/env node
// `npm run build` (after the app): the server as ES modules, dist/server/main.js, so `npm start` runs plain
// JavaScript instead of compiling the TypeScript at every start (bench measure 8). Packages stay in node_modules.
// Split: what the server imports only when first used (`await import(…)`: the .docx converters and their
// libraries) goes to chunks loaded then, not at every start.
import { build } from 'esbuild'

await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
