import type { TFunction } from 'i18next'
import { ApiError } from '#app/lib/api.ts'
import { coinText, triggerAmount } from '#app/components/engagement/format.ts'
import { formatMoney } from '#common/format-money.ts'
import type { TournamentScoring } from '#common/tournament-rules.ts'
import type { TournamentCard } from '#server/modules/tournaments/tournaments.contract.ts'

export interface Wording {
  t: TFunction
  localeTag: string
}

/**
 * Basis points as a multiplier with two decimals, cut rather than rounded (a 1.999× win never
 * shows as 2.00×): the integer is split as a string, so no float ever holds the score.
 */
export function multiplierText(basisPoints: string, localeTag: string): string {
  if (!/^\d+$/.test(basisPoints)) return basisPoints
  const hundredths = BigInt(basisPoints) / 100n
  const digits = hundredths.toString().padStart(3, '0')
  const decimal = `${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`
  const number = new Intl.NumberFormat(localeTag, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(decimal)
  return `×${number}`
}

/**
 * A board's score in its unit: the best multiplier ("×12.50"), euros wagered or won
 * ("€1,234.50"), or points ("1,200"; the column's heading names the unit), in the page's digits
 * and separators.
 */
export function scoreText(scoring: TournamentScoring, score: string, localeTag: string): string {
  if (!/^\d+$/.test(score)) return score
  switch (scoring) {
    case 'highest_multiplier':
      return multiplierText(score, localeTag)
    case 'total_wagered':
    case 'total_won':
      return formatMoney(score, 'EUR', localeTag)
    case 'points_per_spin':
      return new Intl.NumberFormat(localeTag, { maximumFractionDigits: 0 }).format(BigInt(score))
  }
}

/** The entry fee in words: free, coins ("50 coins") or euros ("€5"). */
export function entryFeeText(fee: TournamentCard['entry_fee'], { t, localeTag }: Wording): string {
  switch (fee.kind) {
    case 'free':
      return t('tournaments.page.fee_free')
    case 'coins':
      return t('tournaments.page.fee_coins', {
        count: fee.amount,
        amount: coinText(fee.amount, localeTag),
      })
    case 'money':
      return triggerAmount(fee.amount, 'eur', localeTag)
  }
}

/** Which countdown a tournament shows: to its start, to its end, or none once it has ended. */
export function countdownOf(
  card: Pick<TournamentCard, 'phase' | 'starts_at' | 'ends_at'>,
): { kind: 'starts' | 'ends'; at: string } | null {
  switch (card.phase) {
    case 'upcoming':
      return { kind: 'starts', at: card.starts_at }
    case 'running':
      return { kind: 'ends', at: card.ends_at }
    case 'finishing':
    case 'finished':
      return null
  }
}

/** The currencies a money fee may be paid in: the player's wallets the tournament allows. */
export function feeCurrencies(
  wallets: readonly string[],
  allowed: readonly string[],
  preferred: string | null,
): string[] {
  const usable = [...new Set(wallets)].filter(
    (currency) => allowed.length === 0 || allowed.includes(currency),
  )
  // The wallet in use first, so the picker starts where the player plays.
  return preferred && usable.includes(preferred)
    ? [preferred, ...usable.filter((currency) => currency !== preferred)]
    : usable
}

/**
 * A refused join in the page's language. The join call has no locale in its path, so the server
 * words its refusal in the language of the locale cookie, which a player who never picked a
 * language lacks (English then): the page words the refusals whose details it knows itself, and
 * shows the server's words only for the rest (the fee in the wallet's currency, by today's rate).
 */
export function joinErrorText(
  error: unknown,
  tournament: { entry_fee: TournamentCard['entry_fee']; currencies: readonly string[] },
  { t, localeTag }: Wording,
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback
  const currencies = tournament.currencies.join(', ')
  switch (error.code) {
    case 'tournament.not_found':
    case 'tournament.closed':
    case 'tournament.already_joined':
    case 'tournament.barred':
    case 'tournament.invalid':
      return t(`errors.${error.code}`)
    case 'tournament.not_enough_coins':
      return t('errors.tournament.not_enough_coins', {
        fee: coinText(tournament.entry_fee.amount, localeTag),
      })
    case 'tournament.no_wallet':
    case 'tournament.currency_required':
      // Without a list of its own the tournament takes any of the player's wallets.
      return currencies ? t(`errors.${error.code}`, { currencies }) : error.message || fallback
    default:
      return error.message || fallback
  }
}
