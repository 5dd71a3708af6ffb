import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { isTwoFactorOn, loadState, spendSecondFactor } from '#server/modules/auth/index.ts'
import { verifyPassword } from '#server/modules/players/index.ts'
import { paymentTransactions } from './payments.tables.ts'

/** What the player sends to confirm a withdrawal to a destination they have not used before. */
export interface DestinationConfirmation {
  password?: string | undefined
  twoFactorCode?: string | undefined
}

/** The refusals a wrong password or code gives: counted against the player (withdrawals.routes). */
export const CONFIRMATION_GUESS_CODES: ReadonlySet<string> = new Set([
  'withdrawals.password_invalid',
  'withdrawals.two_factor_invalid',
])

/**
 * Where a withdrawal's money goes, from its checked details: the IBAN or the crypto address.
 * (Card payouts go back to a card that paid, so they never ask: `withdrawals.ts`.)
 */
export function destinationOf(details: Record<string, string>): string | undefined {
  return details.iban ?? details.address
}

async function isKnownDestination(
  db: Db,
  input: { playerId: string; methodId: string; destination: string },
): Promise<boolean> {
  const earlier = await db
    .select({ details: paymentTransactions.details })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, input.playerId),
        eq(paymentTransactions.methodId, input.methodId),
        eq(paymentTransactions.direction, 'withdrawal'),
        inArray(paymentTransactions.status, ['pending', 'completed']),
      ),
    )
  return earlier.some((row) => destinationOf(row.details) === input.destination)
}

/**
 * A withdrawal to a destination the player has not used for a pending or paid withdrawal of this
 * method needs the account's second factor when 2FA is on, else its password: whoever took over
 * a session must not be able to send the balance to an account of their own. Refuses with
 * `withdrawals.two_factor_required` / `withdrawals.password_required` (the dialog then asks for
 * it) or, when it is wrong, `..._invalid`. A TOTP code is spent (it cannot be used twice).
 */
export async function assertDestinationConfirmed(
  db: Db,
  secretBox: SecretBox,
  input: {
    playerId: string
    methodId: string
    details: Record<string, string>
    confirmation: DestinationConfirmation
  },
): Promise<void> {
  const destination = destinationOf(input.details)
  if (destination !== undefined && (await isKnownDestination(db, { ...input, destination }))) {
    return
  }
  const state = await loadState(db, input.playerId)
  const { password, twoFactorCode } = input.confirmation
  if (isTwoFactorOn(state)) {
    if (!twoFactorCode) throw new AppError('withdrawals.two_factor_required')
    const spent = await spendSecondFactor(db, secretBox, state, twoFactorCode.trim())
    if (!spent) throw new AppError('withdrawals.two_factor_invalid')
    return
  }
  if (!password) throw new AppError('withdrawals.password_required')
  if (!(await verifyPassword(state.passwordHash, password))) {
    throw new AppError('withdrawals.password_invalid')
  }
}
