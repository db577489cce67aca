import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const serverPort = Number(process.env.PORT ?? 8080)

// The browser app. `npm run dev` proxies the API and the login service to the reference server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/app', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
})
