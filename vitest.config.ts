import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{app,common,server,db,scripts,tests,providers}/**/*.test.{ts,tsx}',
            'locales/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', 'tests/e2e/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['{app,server,db,tests}/**/*.int.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/setup/global-database.ts'],
          // A test through HTTP on a real database hashes passwords, plays property sequences
          // and opens sockets; on a loaded 2-core CI machine five seconds is too tight. Speed is
          // measured by the benchmarks, not here.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
})
