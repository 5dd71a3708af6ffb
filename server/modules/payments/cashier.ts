import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { getLocale, isLocalePrefix } from '#common/locales.ts'
import { formatMoney } from '#common/format-money.ts'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { AppError } from '#server/lib/errors.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { Messages } from '#common/messages.ts'
import type { ExchangePolicy } from '#server/modules/wallet/index.ts'
import type { Providers } from './providers/index.ts'
import type { PaymentRow } from './payments.repo.ts'
import type { SavedProfileInput } from './providers/provider.ts'

/** What the cashier's use cases need from the app: one object, built once in the routes. */
export interface Cashier {
  db: Db
  bus: EventBus
  providers: Providers
  /** Confirmations a crypto deposit needs before it is credited. */
  cryptoConfirmations: number
  /** A locale's catalogue (with the operator's overrides), for names and notification texts. */
  messages: (locale: string) => Promise<Messages>
  /** The conversion and wagering rules in force (operator settings and environment). */
  rules(): Promise<CashierRules>
  /** Crediting and releasing deposits: money, wagering and notifications of other modules. */
  deposits: DepositCredits
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

/** The rules for money the cashier converts and pays out. */
export interface CashierRules {
  exchange: ExchangePolicy
  /** Times deposited money is wagered before it may leave another way than it came (0: never). */
  depositWagerMultiplier: number
}

/** An amount as the player reads it in their language (`500,00 €`, `0.0012 BTC`). */
export function moneyText(minor: bigint, currency: CurrencyCode, locale: string): string {
  const tag = isLocalePrefix(locale) ? getLocale(locale).tag : 'en'
  return formatMoney(minor, currency, tag)
}

/** Profile fields a method may need, by their name in `/player/update`. */
export const PROFILE_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  address: 'address',
  city: 'city',
  post_code: 'postCode',
  phone: 'phone',
  country: 'country',
} as const satisfies Record<string, keyof typeof players.$inferSelect>

export const cashierPlayerColumns = {
  id: players.id,
  currency: players.currency,
  country: players.country,
  locale: players.locale,
  firstName: players.firstName,
  lastName: players.lastName,
  birthDate: players.birthDate,
  address: players.address,
  city: players.city,
  postCode: players.postCode,
  phone: players.phone,
}
export type CashierPlayer = {
  [K in keyof typeof cashierPlayerColumns]: (typeof players.$inferSelect)[K]
} & { currency: CurrencyCode }

export async function findCashierPlayer(db: Db | Tx, playerId: string): Promise<CashierPlayer> {
  const [row] = await db.select(cashierPlayerColumns).from(players).where(eq(players.id, playerId))
  if (!row) throw new AppError('auth.sign_in_required')
  if (!isCurrencyCode(row.currency))
    throw new Error(`player ${playerId} has currency ${row.currency}`)
  return { ...row, currency: row.currency }
}

/** The method's player fields the profile does not have yet (empty or unset). */
export function missingPlayerFields(player: CashierPlayer, needed: readonly string[]): string[] {
  return needed.filter((name) => {
    const column = PROFILE_FIELDS[name as keyof typeof PROFILE_FIELDS] as
      (typeof PROFILE_FIELDS)[keyof typeof PROFILE_FIELDS] | undefined
    if (!column) return false
    const value = player[column]
    return value === null || value.trim() === ''
  })
}

/** Why a deposit is held for review, kept in its details as `review`. */
export type ReviewReason = 'method_max' | 'deposit_limit'

/** What a credit may settle beyond the stored row: the amount a crypto transfer actually sent. */
export interface CreditChanges {
  amountMinor?: bigint
  walletAmountMinor?: bigint
  rate?: string
  providerReference?: string
  details?: Record<string, string>
  saveProfile?: SavedProfileInput | undefined
  /**
   * The operator who confirmed a bank transfer arrived: audited in the credit's own transaction,
   * so a credit is never without its entry, nor an entry without its credit.
   */
  confirmedBy?: { operatorId: string; request: Pick<FastifyRequest, 'ip' | 'headers'> }
}

export type CreditResult =
  | { status: 'credited'; payment: PaymentRow }
  /** Above the method's maximum or the player's deposit limit: held for an operator's review. */
  | { status: 'held'; payment: PaymentRow }
  /** The payment was no longer pending (or already held for review): nothing moved. */
  | { status: 'not_pending'; payment: PaymentRow }

/** The deposits' cross-module steps, built by `server/flows/credit-deposit.ts`. */
export interface DepositCredits {
  /**
   * Credits a pending deposit exactly once, or holds it for review; a payment that is no longer
   * pending moves nothing.
   */
  credit(
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    paymentId: string,
    changes?: CreditChanges,
  ): Promise<CreditResult>
  /** Releases a held deposit to the player's cash, within the player's deposit limits. */
  release(
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    request: Pick<FastifyRequest, 'ip' | 'headers'>,
    input: { operatorId: string; id: string },
  ): Promise<PaymentRow>
}
