import { asc } from 'drizzle-orm'
import {
  BONUS_RULE_CODES,
  depositRange,
  type BonusRuleCode,
  type BonusRule,
  type DepositRange,
} from '#common/bonus-rules.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { fromEurRounded, type RateTable } from '#server/modules/wallet/index.ts'
import { bonusContributions, bonusRanges, bonusRules } from './bonuses.tables.ts'

/** The operator's bonus rules as the server applies them: the rows, explicit ranges, contributions. */
export interface LiveBonusRules {
  /** Partial: a code the operator's table lacks has no rule (never after the migration). */
  rules: Partial<Record<BonusRuleCode, BonusRule>>
  /** `bonus_ranges`: per code, the currencies whose range is given rather than derived. */
  ranges: Record<BonusRuleCode, Partial<Record<CurrencyCode, DepositRange>>>
  /** Category to percent (`bonus_contributions`). */
  contributions: Record<string, number>
}

/**
 * Every deposit, dialog and bet needs the rules, and they change only by an operator's edit: each
 * instance reads them at most once a minute (as the stake limits in `instant-bets.ts`), and the
 * admin routes call `forgetBonusRules` after an edit so this instance shows it at once.
 */
const RULES_CACHE_MS = 60_000
const cache = new WeakMap<Db | Tx, { value: LiveBonusRules; readAtMs: number }>()

/** Drops this instance's cached bonus rules (after `bonus_rules`, `bonus_ranges` or `bonus_contributions` changed). */
export function forgetBonusRules(db: Db | Tx): void {
  cache.delete(db)
}

export async function loadBonusRules(db: Db | Tx): Promise<LiveBonusRules> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < RULES_CACHE_MS) return cached.value
  // One after another: given a transaction, they share its one connection (node-postgres
  // deprecates queries sent while another runs on the same client).
  const ruleRows = await db.select().from(bonusRules)
  const rangeRows = await db.select().from(bonusRanges)
  const contributionRows = await db
    .select()
    .from(bonusContributions)
    .orderBy(asc(bonusContributions.category))
  const rules: Partial<Record<BonusRuleCode, BonusRule>> = {}
  const ranges = {} as Record<BonusRuleCode, Partial<Record<CurrencyCode, DepositRange>>>
  for (const code of BONUS_RULE_CODES) ranges[code] = {}
  for (const row of ruleRows) {
    rules[row.code] = {
      code: row.code,
      depositNumber: row.depositNumber,
      window: row.window,
      matchPercent: row.matchPercent,
      minEurMinor: row.minEurMinor,
      maxEurMinor: row.maxEurMinor,
      wageringTimes: row.wageringTimes,
      validDays: row.validDays,
      maxBetEurMinor: row.maxBetEurMinor,
      isEnabled: row.isEnabled,
    }
  }
  for (const row of rangeRows) {
    if (isCurrencyCode(row.currency)) {
      ranges[row.code][row.currency] = { minMinor: row.minMinor, maxMinor: row.maxMinor }
    }
  }
  const contributions = Object.fromEntries(
    contributionRows.map((row) => [row.category, row.percent]),
  )
  const value = { rules, ranges, contributions }
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

/** A code's rule, undefined when the operator's table lacks it (never after the migration). */
export const ruleOf = (live: LiveBonusRules, code: BonusRuleCode): BonusRule | undefined =>
  live.rules[code]

/**
 * A rule's deposit range in `currency`: the operator's explicit range when there is one (the
 * spec's, seeded), else the euro range converted by the rate table to two significant figures.
 */
export function rangeIn(
  live: LiveBonusRules,
  rule: BonusRule,
  currency: CurrencyCode,
  rates: RateTable,
): DepositRange {
  return depositRange(
    rule,
    currency,
    (eurMinor, to) => fromEurRounded(rates, eurMinor, to),
    live.ranges[rule.code],
  )
}

/** The largest stake while a bonus of `rule` is active, in `currency`. */
export const maxBetIn = (rule: BonusRule, currency: CurrencyCode, rates: RateTable): bigint =>
  fromEurRounded(rates, rule.maxBetEurMinor, currency)
