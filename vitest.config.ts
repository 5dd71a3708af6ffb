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
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
})
