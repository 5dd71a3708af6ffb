import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * Player accounts. Note: e-mail is stored lower-cased so one address is one account; the TOTP
 * secret is stored encrypted, never in the clear.
 */
export const players = pgTable(
  'players',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text().notNull(),
    /** argon2id; rehashed at login when its parameters are older than ours. */
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    birthDate: date({ mode: 'string' }),
    /** ISO 3166-1 alpha-2, or empty when not yet known. */
    country: text().notNull().default(''),
    city: text().notNull().default(''),
    address: text().notNull().default(''),
    postCode: text().notNull().default(''),
    /** E.164 (`+358401234567`), or empty. */
    phone: text().notNull().default(''),
    /** The player's account currency. */
    currency: text().notNull(),
    /** The locale prefix e-mails and texts are written in. */
    locale: text().notNull().default('en'),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /** AES-256-GCM of the base32 secret (`server/lib/secret-box.ts`); null while 2FA is off. */
    totpSecretSealed: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or earlier is never taken again. */
    totpLastStep: bigint({ mode: 'number' }),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_email_idx').on(t.email),
    check('players_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/** One-time recovery codes for a player who lost their authenticator; only hashes are kept. */
export const playerRecoveryCodes = pgTable(
  'player_recovery_codes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_recovery_codes_player_idx').on(t.playerId)],
)

export const ONE_TIME_TOKEN_PURPOSES = [
  'password_reset',
  'email_verification',
  'phone_verification',
] as const
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number]

/**
 * Single-use secrets sent to a player (reset and verification links, phone codes). Only a hash of
 * the secret is stored; a token is spent by setting `used_at` in the same statement that checks it.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    secretHash: text().notNull(),
    /** What the token is about (the e-mail address or phone number it was sent to). */
    target: text().notNull().default(''),
    attempts: bigint({ mode: 'number' }).notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_secret_idx').on(t.secretHash),
    index('one_time_tokens_player_idx').on(t.playerId, t.purpose),
  ],
)
