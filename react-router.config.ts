import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // Tests build into their own folder so they never overwrite the build `npm start` serves.
  // eslint-disable-next-line no-restricted-syntax -- build tooling, not the app's configuration
  buildDirectory: process.env.AURUM_BUILD_DIR ?? 'build',
  ssr: true,
  // Pages are canonical with a trailing slash; keep it in the location loaders see.
  future: { v8_trailingSlashAwareDataRequests: true },
} satisfies Config
