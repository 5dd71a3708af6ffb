import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'

// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3210)

/**
 * End-to-end journeys in Debian's Chromium against the production build on a throw-away embedded
 * database. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One worker: the server, Chromium and the test share two cores. Two workers took as long
  // (15.8 min against 15.7 on one machine), and two journeys failed twice: a password reset and
  // two players in one Crash round.
  workers: 1,
  // CI's machines vary: the slowest seen ran a journey 2.2 times slower than a laptop, and a
  // deposit dialog's methods, which load only after the page and the dialog's chunk hydrate, took
  // over 5 s there (4 s here with the CPU slowed eightfold). Waits give 15 s before they fail. In
  // CI a journey that fails runs once more: passing then, it is listed as flaky; failing twice, it
  // fails the run.
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every journey its DOM snapshots; in CI only a retry records one,
    // so a journey that fails twice leaves its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'e2e-session-secret-long-enough-0123456789',
      COUNTRY_HEADER: 'x-test-country',
      RATE_LIMIT_MAX: '100000',
      // The journeys read verification links from the outbox.
      DEV_OUTBOX: 'true',
      // The seeded operator's sign-in, known to tests/e2e/support.ts.
      OPERATOR_PASSWORD: 'e2e-operator-password-2026',
      OPERATOR_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      // The journeys sign the demo accounts in many times a minute.
      LOGIN_RATE_LIMIT_MAX: '10000',
      // Hashes at the normal priority, as in every test run: at nice 19 a browser busy drawing
      // would leave a sign-in's 64 MiB argon2id only what it does not want.
      PASSWORD_HASH_NICE: '0',
      // Live rounds fast enough for a journey: 4 s to bet, the Crash multiplier doubling every
      // 1.5 s, a short chain (made at start-up).
      LIVE_BETTING_MS: '4000',
      LIVE_CRASH_DOUBLING_MS: '1500',
      LIVE_ROULETTE_SPIN_MS: '2000',
      LIVE_RESULT_PAUSE_MS: '1500',
      LIVE_CHAIN_LENGTH: '20000',
    },
  },
})
