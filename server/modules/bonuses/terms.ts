import { BONUS_CODES, REWARD_BONUS_CODE } from '#common/bonus-rules.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Db } from '#db/client.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { loadBonusRules, maxBetIn, rangeIn, ruleOf } from './bonus-rules-store.ts'
import type { BonusTerms } from './promotions.contract.ts'

export type { BonusTerms }

/**
 * The live bonus rules in one currency, through the very functions deposits and bets use
 * (`loadBonusRules`, `rangeIn`, `maxBetIn`, at the current rates): the terms page and the
 * promotions show exactly what is applied, so they can never disagree with it. An operator's edit
 * through the admin API drops the rules' cache, so it shows at once. Disabled codes are left out.
 */
export async function loadBonusTerms(db: Db, currency: CurrencyCode): Promise<BonusTerms> {
  const [live, rates] = await Promise.all([loadBonusRules(db), loadRates(db)])
  const reward = ruleOf(live, REWARD_BONUS_CODE)
  return {
    currency,
    rules: BONUS_CODES.flatMap((code) => {
      const rule = live.rules[code]
      if (!rule?.isEnabled) return []
      const range = rangeIn(live, rule, currency, rates)
      return [
        {
          code,
          deposit_number: rule.depositNumber,
          window: rule.window,
          match_percent: rule.matchPercent,
          deposit_min: range.minMinor.toString(),
          deposit_max: range.maxMinor.toString(),
          wagering_times: rule.wageringTimes,
          valid_days: rule.validDays,
          max_bet: maxBetIn(rule, currency, rates).toString(),
        },
      ]
    }),
    reward: reward?.isEnabled
      ? {
          wagering_times: reward.wageringTimes,
          valid_days: reward.validDays,
          max_bet: maxBetIn(reward, currency, rates).toString(),
        }
      : null,
    // Highest contribution first, so the games that count most lead the table.
    contributions: Object.entries(live.contributions)
      .map(([category, percent]) => ({ category, percent }))
      .sort((a, b) => b.percent - a.percent || a.category.localeCompare(b.category)),
  }
}
