import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const serverPort = Number(process.env.PORT ?? 8080)
/**
 * `BENCH_APP=1`: the app built with one more page, bench/app-case/index.html (measure 1 of `npm run bench`), into
 * dist/bench-app; its schema case loads the app's own chunks (SchemaPageHost, the widget registry, antd).
 */
const benchApp = Boolean(process.env.BENCH_APP)

// The browser app. `npm run dev` proxies the API and the login service to the reference server.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: benchApp ? 'dist/bench-app' : 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    ...(benchApp ? { rollupOptions: { input: ['index.html', 'bench/app-case/index.html'] } } : {}),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
})
