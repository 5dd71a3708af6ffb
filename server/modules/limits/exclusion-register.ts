import { and, eq, or, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { sandboxExclusionRegister } from './limits.tables.ts'

/** Who a national self-exclusion register is asked about, as the player gave it. */
export interface RegisterPerson {
  email: string
  lastName: string
  /** ISO date (`1990-04-01`); null when the profile has none yet. */
  birthDate: string | null
}

/** A register's answer: whether the person is listed, and the register's reference if so. */
export interface RegisterAnswer {
  listed: boolean
  reference: string | null
}

/**
 * A national self-exclusion register (GAMSTOP, OASIS, ROFUS…), asked at sign-up and at every
 * sign-in. `check` throws when the register cannot answer: callers decide what that means (a
 * sign-up waits, a sign-in goes on with the last known answer).
 */
export interface ExclusionRegister {
  check(person: RegisterPerson): Promise<RegisterAnswer>
}

/**
 * The sandbox register over `sandbox_exclusion_register`, matching as the national registers do:
 * the e-mail address, lower-cased, or the last name (whatever its case) with the birth date.
 */
export function createSandboxRegister(db: Db): ExclusionRegister {
  return {
    async check(person) {
      const byName =
        person.lastName.trim() !== '' && person.birthDate !== null
          ? and(
              eq(
                sql`lower(${sandboxExclusionRegister.lastName})`,
                person.lastName.trim().toLowerCase(),
              ),
              eq(sandboxExclusionRegister.birthDate, person.birthDate),
            )
          : undefined
      const [row] = await db
        .select({ reference: sandboxExclusionRegister.reference })
        .from(sandboxExclusionRegister)
        .where(
          or(
            eq(sql`lower(${sandboxExclusionRegister.email})`, person.email.trim().toLowerCase()),
            byName,
          ),
        )
        .limit(1)
      return row ? { listed: true, reference: row.reference } : { listed: false, reference: null }
    },
  }
}
