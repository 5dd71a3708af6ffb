import { hkdfSync } from 'node:crypto'
import { isIP } from 'node:net'
import { z } from 'zod'
import { deriveDataKey } from '#server/lib/secret-box.ts'
import { isRandomSecret } from '#server/lib/secret-strength.ts'

/**
 * The only reader of `process.env`. Every variable is parsed once at start-up; a bad value stops
 * the start with a message naming each offending variable.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` also accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

/**
 * Whom to believe about `X-Forwarded-*`: nobody (`false`, the default), the first N hops (a
 * number), or the proxies at these addresses (a comma-separated list, as Fastify's
 * `trustProxy`). Note: `true` (every hop) is refused: any client could then choose its own
 * address and protocol, and a hop count trusts whoever connects directly, so it is only safe when
 * nothing but the proxy can reach the port; a list of addresses is the safe choice.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0') return false
    // A count of proxies in front (1 = the one that connects to us).
    if (/^\d{1,2}$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyAddress)) return entries
    context.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'true would trust every hop (anyone could set X-Forwarded-For): give the number of proxies or their addresses'
          : 'must be false, a hop count, or a comma-separated list of addresses or CIDR blocks',
    })
    return z.NEVER
  })

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections to PostgreSQL per instance: about twice the database server's cores serves best. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** 32 bytes, base64: seals TOTP secrets at rest. Else derived from SESSION_SECRET, else a key file. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** The seeded operator's password; generated and printed once when unset. */
  OPERATOR_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** The seeded operator's TOTP secret (base32); generated and printed once when unset. */
  OPERATOR_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,}$/, 'must be base32 (A-Z, 2-7), at least 16 characters')
    .optional(),
  /** `smtp://user:pass@host:587`; without it e-mails and texts stay in the outbox (`/dev/outbox`). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Aurum <no-reply@aurum.example>'),
  /**
   * Serve `/dev/outbox` and `/dev/payments` even with NODE_ENV=production: for the end-to-end
   * suite, which runs the production build. Refused with PUBLIC_URL: the outbox shows every e-mail
   * sent. Either way the pages answer loopback requests only.
   */
  DEV_OUTBOX: booleanString.default(false),
  /** Where identity documents are stored, outside the web root. */
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: TrustProxySchema.default(false),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
    .optional(),
  LOCALE_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('aurum_locale'),
  LOCALE_COOKIE_CROSS_ORIGIN: booleanString.default(false),
  DETECT_BROWSER_LANGUAGE: booleanString.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Login attempts per client address and e-mail in 15 minutes. */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /**
   * The nice level of the password-hashing threads: 19 (lowest priority) keeps a login flood from
   * slowing every other call; 0 hashes at the normal priority (Linux only; ignored elsewhere).
   */
  PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /**
   * Whether this instance runs the engagement engine (quests, achievements, points, levels). Off
   * for the benchmark's comparison; the events wait in the inbox for an instance that runs it.
   */
  ENGAGEMENT_ENGINE: booleanString.default(true),
  /**
   * Whether this instance works the scheduled jobs (tournament starts and ends, lottery draws,
   * bonus expiry, weekly cashback, rate refresh). Each job runs once across the instances that do.
   */
  JOBS: booleanString.default(true),
  /**
   * Withdrawals above this many euros (their EUR equivalent at the current rates) need an approved
   * identity document and a verified e-mail address (docs/decisions/004-wallet-and-payments.md, "KYC threshold").
   */
  WITHDRAWAL_KYC_THRESHOLD_EUR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in euros, e.g. 2000 or 2000.50')
    .default('2000'),
  /**
   * The Standard Webhooks secret (`whsec_` + base64 of at least 24 bytes) payment providers sign
   * their callbacks with; derived from SESSION_SECRET with HKDF when unset.
   */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'must be whsec_ followed by base64')
    .refine(
      (value) => Buffer.from(value.slice('whsec_'.length), 'base64').length >= 24,
      'must hold at least 24 bytes',
    )
    .optional(),
  /** Confirmations a crypto deposit needs on its chain before it is credited. */
  PAYMENT_CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * The secret the bundled Demo Studio signs its seamless-wallet calls with: at least 32 random
   * bytes in hex or base64. The start seals it into `game_providers` in place of any other. Unset:
   * the installation's own, generated once and kept sealed in the database (never printed).
   */
  DEMO_STUDIO_SECRET: z
    .string()
    .refine(
      isRandomSecret,
      'must be at least 32 random bytes in hex or base64 (openssl rand -base64 32)',
    )
    .optional(),
  /**
   * Serve the bundled Demo Studio. Unset: on, except on a public start (PUBLIC_URL) without
   * DEMO_STUDIO_SECRET; on a public start it needs DEMO_STUDIO_SECRET.
   */
  DEMO_STUDIO: booleanString.optional(),
  /** Where the Demo Studio's server reaches the casino's provider API; unset: this process. */
  DEMO_STUDIO_CASINO_URL: z.url().optional(),
  /**
   * An HTTP JSON source of exchange rates (shape: `server/modules/wallet/rate-providers/http-rates.ts`);
   * unset: the moving sandbox feed.
   */
  EXCHANGE_RATES_URL: z.url().optional(),
  /** Seconds between rate refreshes; 0 turns the refresh off. Unset: 60, off under tests. */
  EXCHANGE_RATES_REFRESH_S: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Seconds after which a rate is too old to move money with (conversions refuse, 503). */
  EXCHANGE_RATES_MAX_AGE_S: z.coerce.number().int().min(60).max(604_800).default(3600),
  ANALYTICS_URL: z.url().optional(),
  /**
   * Seed the demo player (with its deposit) into an empty database at start. Unset: on, except on
   * a public start (PUBLIC_URL), which seeds it only when this says true.
   */
  SEED_DEMO: booleanString.optional(),
  /**
   * A bearer token that opens `/metrics` and the API viewer (`/docs/api`, `/openapi.json`) on a
   * public start, where they otherwise need an operator's session: 32 random bytes or more.
   */
  METRICS_TOKEN: z
    .string()
    .refine(isRandomSecret, 'must be at least 32 random bytes in hex or base64')
    .optional(),
  /**
   * Run the live games' round engine in this process (it takes a lease, so only one instance runs
   * each game's rounds). Unset: on, except under tests, which start their own engines.
   */
  LIVE_ROUNDS: booleanString.optional(),
  /** Live-round timings in milliseconds; unset takes `server/modules/live/live-timings.ts`. */
  LIVE_BETTING_MS: z.coerce.number().int().min(200).max(120_000).optional(),
  LIVE_CRASH_DOUBLING_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  LIVE_ROULETTE_SPIN_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  LIVE_RESULT_PAUSE_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** Rounds in a new hash chain (one is made the first time a live game starts). */
  LIVE_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).optional(),
})

export type Env = z.infer<typeof EnvSchema>

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    )
  }
  return result.data
}

/** Reads the real process environment. Call once at start-up. */
export function loadEnv(): Env {
  return parseEnv(process.env)
}

export type Config = Env & {
  sessionSecret: string
  dataKey: Buffer
  /** `PAYMENT_WEBHOOK_SECRET`, else derived from the session secret. */
  paymentWebhookSecret: string
  /**
   * PUBLIC_URL is set (outside tests): the site faces the world, so nothing is printed or served
   * for convenience (no demo player, no development pages, no open metrics).
   */
  isPublicStart: boolean
  /** `SEED_DEMO`, else on outside a public start. */
  seedDemoPlayer: boolean
  /** `DEMO_STUDIO`, else on outside a public start or when its secret is given. */
  isDemoStudioOn: boolean
}

/**
 * What a public start must be given, each problem named: the operator's sign-in (a generated one
 * would have to be printed), the studio's secret when the studio is on; and what it must not do.
 */
function publicStartIssues(env: Env): string[] {
  const issues: string[] = []
  const needed = 'required when PUBLIC_URL is set'
  if (env.OPERATOR_PASSWORD === undefined) issues.push(`OPERATOR_PASSWORD: ${needed}`)
  if (env.OPERATOR_TOTP_SECRET === undefined) issues.push(`OPERATOR_TOTP_SECRET: ${needed}`)
  if (env.DEMO_STUDIO === true && env.DEMO_STUDIO_SECRET === undefined) {
    issues.push(`DEMO_STUDIO_SECRET: ${needed} and DEMO_STUDIO is true`)
  }
  if (env.DEV_OUTBOX) issues.push('DEV_OUTBOX: not allowed when PUBLIC_URL is set')
  return issues
}

/** A Standard Webhooks secret derived from the session secret (HKDF), like the data key. */
export function derivePaymentWebhookSecret(sessionSecret: string): string {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'aurum', 'payment-webhooks-v1', 32))
  return `whsec_${key.toString('base64')}`
}

/**
 * The session secret must come from the environment in production; elsewhere a per-process random
 * one keeps `npm start` a one-command affair (sessions then end with the process). The data key
 * must outlive the process (it opens stored TOTP secrets): the variable, else derived from the
 * session secret, else the persisted key file `keyFile` reads or creates.
 */
export function toConfig(
  env: Env,
  randomSecret: () => string,
  keyFile: () => Buffer = () => {
    throw new EnvError(['DATA_ENCRYPTION_KEY: required (or SESSION_SECRET)'])
  },
): Config {
  const isPublicStart = env.PUBLIC_URL !== undefined && env.NODE_ENV !== 'test'
  const issues = isPublicStart ? publicStartIssues(env) : []
  if (env.NODE_ENV === 'production' && env.SESSION_SECRET === undefined && env.PUBLIC_URL) {
    issues.unshift('SESSION_SECRET: required when PUBLIC_URL is set in production')
  }
  if (issues.length > 0) throw new EnvError(issues)
  const dataKey = env.DATA_ENCRYPTION_KEY
    ? Buffer.from(env.DATA_ENCRYPTION_KEY, 'base64')
    : env.SESSION_SECRET
      ? deriveDataKey(env.SESSION_SECRET)
      : keyFile()
  const sessionSecret = env.SESSION_SECRET ?? randomSecret()
  const paymentWebhookSecret =
    env.PAYMENT_WEBHOOK_SECRET ?? derivePaymentWebhookSecret(sessionSecret)
  return {
    ...env,
    sessionSecret,
    dataKey,
    paymentWebhookSecret,
    isPublicStart,
    seedDemoPlayer: env.SEED_DEMO ?? !isPublicStart,
    isDemoStudioOn: env.DEMO_STUDIO ?? (!isPublicStart || env.DEMO_STUDIO_SECRET !== undefined),
  }
}
