import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { BOOT_ENTRY, bootChunk } from './scripts/lib/boot-chunk.ts'

const serverPort = Number(process.env.PORT ?? 8080)
/**
 * `BENCH_APP=1`: the app built with one more page, bench/app-case/index.html (measure 1 of `npm run bench`), into
 * dist/bench-app; its schema case loads the app's own chunks (SchemaPageHost, the widget registry, antd).
 */
const benchApp = Boolean(process.env.BENCH_APP)
/** What the app loads after sign-in, in one chunk rather than dozens (scripts/lib/boot-chunk.ts). */
const boot = bootChunk()
const inputs = ['index.html', BOOT_ENTRY, ...(benchApp ? ['bench/app-case/index.html'] : [])]

// The browser app. `npm run dev` proxies the API and the login service to the reference server.
export default defineConfig({
  plugins: [react(), boot.plugin],
  build: {
    outDir: benchApp ? 'dist/bench-app' : 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: inputs,
      output: { codeSplitting: { groups: [boot.group] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
})
