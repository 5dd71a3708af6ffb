import { matchedBonus } from '#common/bonus-rules.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { BonusOffer } from '#server/modules/bonuses/bonuses.contract.ts'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'
import { convertMinor } from './card-rules.ts'

/** The bonus this deposit would earn (`bonusOffer`, beside the spec's `bonusCode`), if any. */
export const offerOf = (method: PaymentInfo | null): BonusOffer | null =>
  method?.bonusOffer ?? null

/** What the typed amount earns, said before the player pays. */
export type BonusPreview =
  /** Nothing typed yet (or not a number): only the offer's terms. */
  | { kind: 'offer' }
  /** Below the offer's minimum: no bonus, and the minimum to reach. */
  | { kind: 'below_minimum'; minMinor: bigint }
  /** The bonus for this amount (capped at the range's maximum), in the offer's currency. */
  | { kind: 'earns'; bonusMinor: bigint; isCapped: boolean }
  /** The amount cannot be put in the offer's currency here (no rate): the terms only. */
  | { kind: 'unknown' }

/**
 * The typed deposit in the offer's currency (the wallet's): the same amount when the method moves
 * that currency, else converted at the method's rate as the dialog's conversion line does.
 */
export function inOfferCurrency(
  typedMinor: bigint,
  method: Pick<PaymentInfo, 'currency' | 'currencyConverted' | 'rate'>,
  offerCurrency: string,
): bigint | null {
  if (method.currency === offerCurrency) return typedMinor
  if (
    method.currencyConverted === offerCurrency &&
    method.rate &&
    isCurrencyCode(method.currency) &&
    isCurrencyCode(offerCurrency)
  ) {
    return convertMinor(typedMinor, method.rate, method.currency, offerCurrency)
  }
  return null
}

/** The bonus a typed amount earns under `offer` (the same rule the server applies: `matchedBonus`). */
export function bonusPreview(
  offer: BonusOffer,
  typedMinor: bigint | null,
  method: Pick<PaymentInfo, 'currency' | 'currencyConverted' | 'rate'>,
): BonusPreview {
  if (typedMinor === null) return { kind: 'offer' }
  const deposit = inOfferCurrency(typedMinor, method, offer.currency)
  if (deposit === null) return { kind: 'unknown' }
  const range = { minMinor: BigInt(offer.deposit_min), maxMinor: BigInt(offer.deposit_max) }
  if (deposit < range.minMinor) return { kind: 'below_minimum', minMinor: range.minMinor }
  return {
    kind: 'earns',
    bonusMinor: matchedBonus(deposit, range, offer.match_percent),
    isCapped: deposit > range.maxMinor,
  }
}

/**
 * Whether the bonus box starts ticked. Great Britain's rules (UKGC) want a player to opt in to a
 * promotion actively, so there it starts unticked; so it does when the player's country is not
 * known yet (player info not loaded), the cautious reading. Elsewhere it starts ticked.
 */
export const OPT_IN_COUNTRIES: readonly string[] = ['GB']
export function bonusOptInDefault(country: string | null | undefined): boolean {
  if (!country) return false
  return !OPT_IN_COUNTRIES.includes(country.toUpperCase())
}

export const offerCurrencyOf = (offer: BonusOffer): CurrencyCode | null =>
  isCurrencyCode(offer.currency) ? offer.currency : null
