import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The browser benchmark app (bench/browser), built in production mode like the product.
export default defineConfig({
  root: fileURLToPath(new URL('./browser', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/bench', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
  },
})
