import type { FastifyBaseLogger } from 'fastify'
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
