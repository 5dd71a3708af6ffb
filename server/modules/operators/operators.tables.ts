import { sql } from 'drizzle-orm'
import { bigint, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { OPERATOR_ROLES, type OperatorRole } from '#common/back-office.ts'

export { OPERATOR_ROLES, type OperatorRole }

/**
 * The people who run the site, apart from players: their own login, always with a TOTP code.
 * Note: the TOTP secret is sealed like players' and is set when the account is created.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull().default(''),
    roles: text().array().notNull().$type<OperatorRole[]>(),
    totpSecretSealed: text().notNull(),
    totpLastStep: bigint({ mode: 'number' }),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_email_idx').on(t.email),
    check('operators_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'operators_roles_known',
      sql`${t.roles} <@ array['admin', 'support', 'kyc', 'finance', 'content', 'auditor']::text[]`,
    ),
  ],
)
