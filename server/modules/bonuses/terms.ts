import { asc } from 'drizzle-orm'
import {
  BONUS_CODES,
  depositRange,
  type BonusCode,
  type DepositRange,
} from '#common/bonus-rules.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Db } from '#db/client.ts'
import { fromEurRounded, loadRates } from '#server/modules/wallet/index.ts'
import type { BonusTerms } from './promotions.contract.ts'
import { bonusContributions, bonusRanges, bonusRules } from './bonuses.tables.ts'

export type { BonusTerms }

const codeOrder = (code: BonusCode) => BONUS_CODES.indexOf(code)

/**
 * The live bonus rules in one currency, read from the tables every time: the terms page and the
 * promotions show exactly what deposits and bets apply, so they can never disagree with them.
 * Disabled codes are left out. A range the operator stored for the currency (`bonus_ranges`)
 * wins; otherwise the euro range is converted at the current rates, as a deposit would be.
 */
export async function loadBonusTerms(db: Db, currency: CurrencyCode): Promise<BonusTerms> {
  const [rules, ranges, contributions, rates] = await Promise.all([
    db.select().from(bonusRules),
    db.select().from(bonusRanges),
    db.select().from(bonusContributions).orderBy(asc(bonusContributions.category)),
    loadRates(db),
  ])
  const fromEur = (eurMinor: bigint, to: CurrencyCode) => fromEurRounded(rates, eurMinor, to)
  return {
    currency,
    rules: rules
      .filter((rule) => rule.isEnabled)
      .sort((a, b) => codeOrder(a.code) - codeOrder(b.code))
      .map((rule) => {
        const explicit: Partial<Record<CurrencyCode, DepositRange>> = {}
        for (const range of ranges) {
          if (range.code === rule.code) {
            explicit[range.currency as CurrencyCode] = {
              minMinor: range.minMinor,
              maxMinor: range.maxMinor,
            }
          }
        }
        const range = depositRange(rule, currency, fromEur, explicit)
        return {
          code: rule.code,
          deposit_number: rule.depositNumber,
          window: rule.window,
          match_percent: rule.matchPercent,
          deposit_min: range.minMinor.toString(),
          deposit_max: range.maxMinor.toString(),
          wagering_times: rule.wageringTimes,
          valid_days: rule.validDays,
          max_bet: fromEur(rule.maxBetEurMinor, currency).toString(),
        }
      }),
    // Highest contribution first, so the games that count most lead the table.
    contributions: contributions
      .map((row) => ({ category: row.category, percent: row.percent }))
      .sort((a, b) => b.percent - a.percent || a.category.localeCompare(b.category)),
  }
}
