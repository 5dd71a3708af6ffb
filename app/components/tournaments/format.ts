import type { TFunction } from 'i18next'
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
