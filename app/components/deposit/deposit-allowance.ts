import type { TFunction } from 'i18next'
import type { z } from 'zod'
import type { DepositLimitSchema } from '#server/modules/payments/payments.contract.ts'

export type WireDepositLimit = z.infer<typeof DepositLimitSchema>

export interface DepositAllowance {
  period: WireDepositLimit['period']
  /** What the tightest limit in force still lets the player deposit, in the wallet currency. */
  remainingMinor: bigint
  /** When more room comes back (the oldest counted deposit leaves the rolling period). */
  freesAt: Date | null
}

/**
 * What the player's own deposit limits leave (the tightest period), or null without a limit. The
 * server refuses the same deposit at the end (`payments.deposit_limit_exceeded`); the dialog
 * says it at the amount step instead, before the player types any card or account details.
 */
export function depositAllowance(limits: readonly WireDepositLimit[]): DepositAllowance | null {
  let tightest: DepositAllowance | null = null
  for (const limit of limits) {
    if (limit.amount === null) continue
    const left = BigInt(limit.amount) - BigInt(limit.used)
    const remainingMinor = left > 0n ? left : 0n
    if (tightest === null || remainingMinor < tightest.remainingMinor) {
      tightest = {
        period: limit.period,
        remainingMinor,
        freesAt: limit.frees_at === null ? null : new Date(limit.frees_at),
      }
    }
  }
  return tightest
}

/**
 * The sentences under the amount: what the limit leaves and when more frees up, and whether the
 * typed amount (in the wallet currency) goes over it.
 */
export function allowanceText(
  allowance: DepositAllowance,
  walletAmountMinor: bigint | null,
  money: (minor: bigint) => string,
  localeTag: string,
  t: TFunction,
): { text: string; isOver: boolean } {
  const isOver = walletAmountMinor !== null && walletAmountMinor > allowance.remainingMinor
  const remaining = money(allowance.remainingMinor)
  const head =
    allowance.remainingMinor === 0n
      ? t(`cashier.limit.used_up_${allowance.period}`)
      : isOver
        ? t(`cashier.limit.over_${allowance.period}`, { remaining })
        : t(`cashier.limit.left_${allowance.period}`, { remaining })
  const date =
    allowance.freesAt === null
      ? null
      : new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' }).format(
          allowance.freesAt,
        )
  return { text: date ? `${head} ${t('cashier.limit.frees_at', { date })}` : head, isOver }
}
