import type { Tx } from '#db/client.ts'
import { sandboxExclusionRegister } from '#server/modules/limits/limits.tables.ts'

/**
 * The one person the demo's sandbox self-exclusion register lists (docs/decisions/018): signing up
 * with this e-mail address, or with this last name and birth date, is refused; a player who
 * matches it at sign-in may sign in and withdraw but not play.
 */
export const LISTED_PERSON = {
  id: '5a0d8c6e-7e57-4e0c-9a1b-000000000001',
  email: 'excluded@aurum.example',
  lastName: 'Excluded',
  birthDate: '1980-02-29',
  reference: 'SANDBOX-0001',
} as const

/** Lists the demo's person with the sandbox register (once: the row's id is fixed). */
export async function seedExclusionRegister(tx: Tx): Promise<void> {
  await tx.insert(sandboxExclusionRegister).values(LISTED_PERSON).onConflictDoNothing()
}
