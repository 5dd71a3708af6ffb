import { useTranslation } from 'react-i18next'
import type { BonusTerms } from '#server/modules/bonuses/promotions.contract.ts'
import { money, percent } from './format.ts'

type Rule = BonusTerms['rules'][number]

/** When a code pays: its welcome deposit's number, or its time box. */
export function ruleWhen(rule: Rule, t: (key: string, values?: Record<string, unknown>) => string) {
  if (rule.deposit_number !== null) {
    // The four welcome deposits have their own words ("2nd deposit"); a later one is numbered.
    const number = rule.deposit_number
    return number >= 1 && number <= 4
      ? t(`bonus_terms.deposit.${String(number)}`)
      : t('bonus_terms.deposit.n', { number })
  }
  return t(`bonus_terms.window.${rule.window ?? 'wednesday'}`)
}

/** One code's live figures as a list of label and value, for a table cell or a card. */
export function ruleFacts(
  rule: Rule,
  currency: string,
  localeTag: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): { label: string; value: string }[] {
  return [
    { label: t('bonus_terms.col.when'), value: ruleWhen(rule, t) },
    { label: t('bonus_terms.col.match'), value: percent(rule.match_percent, localeTag) },
    {
      label: t('bonus_terms.col.range'),
      value: t('bonus_terms.range_value', {
        min: money(rule.deposit_min, currency, localeTag),
        max: money(rule.deposit_max, currency, localeTag),
      }),
    },
    {
      label: t('bonus_terms.col.wagering'),
      value: t('bonus_terms.wagering_value', { times: rule.wagering_times }),
    },
    {
      label: t('bonus_terms.col.days'),
      value: t('bonus_terms.days_value', { count: rule.valid_days }),
    },
    { label: t('bonus_terms.col.max_bet'), value: money(rule.max_bet, currency, localeTag) },
  ]
}

/** One code's rules as a definition list (a promotion's terms box, a phone's terms page). */
export function RuleFacts({
  rule,
  currency,
  localeTag,
}: {
  rule: Rule
  currency: string
  localeTag: string
}) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3" data-testid={`terms-${rule.code}`}>
      {ruleFacts(rule, currency, localeTag, t).map((fact) => (
        <div key={fact.label} className="flex flex-col gap-0.5">
          <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {fact.label}
          </dt>
          <dd className="text-sm font-semibold text-ink tabular-nums">{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** How much of each stake counts toward wagering, per game category. */
export function ContributionList({
  contributions,
  localeTag,
  isCompact = false,
}: {
  contributions: BonusTerms['contributions']
  localeTag: string
  /** One column, for a narrow side panel. */
  isCompact?: boolean
}) {
  const { t } = useTranslation()
  return (
    <ul
      className={`grid grid-cols-1 gap-2 ${isCompact ? '' : 'sm:grid-cols-2'}`}
      data-testid="terms-contributions"
    >
      {contributions.map((row) => (
        <li
          key={row.category}
          className={`flex items-center justify-between gap-3 rounded-xl border border-line bg-surface ${isCompact ? 'px-3 py-2' : 'px-4 py-3'}`}
        >
          <span className="text-sm text-ink">
            {t(`lobby.category.${row.category}`, { defaultValue: row.category })}
          </span>
          <span className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="hidden h-1.5 w-20 overflow-hidden rounded-full bg-line xsm:block"
            >
              <span className="block h-full bg-gold" style={{ width: `${String(row.percent)}%` }} />
            </span>
            <span className="w-12 text-end text-sm font-bold text-gold tabular-nums">
              {percent(row.percent, localeTag)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}
