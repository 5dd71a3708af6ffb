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
    /**
     * An operator locked the account (fraud, a compromised account): sign-in is refused and its
     * sessions end until an operator unlocks it. Apart from a player's own closure or break.
     */
    lockedAt: timestamp({ withTimezone: true }),
    lockReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_email_idx').on(t.email),
    check('players_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Operators' notes on a player, shown on the player's page in the console; never edited. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    operatorId: uuid().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_notes_player_idx').on(t.playerId, t.createdAt),
    check('player_notes_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
)
