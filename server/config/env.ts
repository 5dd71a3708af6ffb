import { z } from 'zod'

/**
 * The only reader of `process.env`. Every variable is parsed once at start-up; a bad value stops
 * the start with a message naming each offending variable.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PGLITE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanString.default(false),
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
  /** Login attempts per client address and e-mail in 15 minutes (decisions §8). */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  ANALYTICS_URL: z.url().optional(),
  SEED_DEMO: booleanString.default(true),
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

export type Config = Env & { sessionSecret: string }

/**
 * The session secret must come from the environment in production; elsewhere a per-process random
 * one keeps `npm start` a one-command affair (sessions then end with the process).
 */
export function toConfig(env: Env, randomSecret: () => string): Config {
  if (env.NODE_ENV === 'production' && env.SESSION_SECRET === undefined && env.PUBLIC_URL) {
    throw new EnvError(['SESSION_SECRET: required when PUBLIC_URL is set in production'])
  }
  return { ...env, sessionSecret: env.SESSION_SECRET ?? randomSecret() }
}
