import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
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
