import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { POSTGRES_PASS } from './tests/setup/postgres-pass.ts'

/** The server tests' settings, shared by the PGlite run and the PostgreSQL pass. */
const serverTests = {
  environment: 'node',
  globalSetup: ['tests/setup/server-global.ts'],
  testTimeout: 60000,
  hookTimeout: 120000,
  fileParallelism: true,
  maxWorkers: 2,
}

// Four projects: unit (jsdom: renderer, widgets, app), server (node: app.inject on PGlite), server-postgres (the
// server files whose proof depends on the engine, again on PostgreSQL: tests/setup/postgres-pass.ts), e2e (Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'renderer/**/*.test.{ts,tsx}',
            'widgets/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'stories/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup/jsdom.ts'],
          // Its dist imports its own files without extensions, which Node's ESM loader refuses: Vite resolves them.
          server: { deps: { inline: ['codemirror-json-schema'] } },
          testTimeout: 20000,
          // One jsdom per worker instead of one per file: importing antd, Formily and the widgets again for every
          // file cost ~60% of the project's time. tests/setup/jsdom.ts empties the document after each test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          ...serverTests,
        },
      },
      {
        extends: true,
        test: {
          // needs TEST_DATABASE_URL (a PostgreSQL superuser URL): npm test's server:postgres step
          name: 'server-postgres',
          include: Object.keys(POSTGRES_PASS),
          ...serverTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 180000,
          // A busy 2-core CI machine can take seconds to draw a screen: every expect.poll waits up to 20 s
          // unless it says otherwise (vitest's default of 1 s made the suite fail under load, not the product).
          expect: { poll: { timeout: 20_000, interval: 100 } },
          fileParallelism: false,
          // One more attempt for a test that failed: a browser on a loaded 2-core machine now and then misses a
          // beat the product does not. `npm test` lists every test that needed it ("passed on a retry"), so a
          // flaky test stays visible and gets its cause fixed; a test that fails twice fails the suite.
          retry: 1,
        },
      },
    ],
  },
})
