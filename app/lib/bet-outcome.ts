import type { TFunction } from 'i18next'

export type BetResult = 'win' | 'push' | 'loss'

export interface BetOutcome {
  result: BetResult
  stakeMinor: bigint
  payoutMinor: bigint
  /** Payout minus stake: what the round added to (or took from) the balance. */
  netMinor: bigint
}

/**
 * The one rule every screen that announces a result follows. Note: a payout at or below the stake
 * is not a win, however the game calls it: €0.90 back on €1 is a loss of €0.10 and €4 back on a
 * €4 bet is a push (the UK regulator's rule against losses disguised as wins, which this site
 * applies in every market). Only a `win` may be celebrated (colour, sound, animation).
 */
export function betOutcome(stakeMinor: bigint, payoutMinor: bigint): BetOutcome {
  if (stakeMinor < 0n || payoutMinor < 0n) {
    throw new RangeError('stake and payout are never negative')
  }
  const netMinor = payoutMinor - stakeMinor
  const result = netMinor > 0n ? 'win' : netMinor === 0n ? 'push' : 'loss'
  return { result, stakeMinor, payoutMinor, netMinor }
}

/** The message tone a game shows: only a real win gets the winning colour. */
export const outcomeTone = (outcome: BetOutcome): 'win' | 'info' | 'loss' =>
  outcome.result === 'win' ? 'win' : outcome.result === 'push' ? 'info' : 'loss'

/**
 * The sentence announcing a settled bet: "You win €1.98 (€0.98 more than your stake)!",
 * "Stake returned: €4.00", "You got back €0.90 of €1.00" or "No win this time."
 */
export function outcomeText(
  outcome: BetOutcome,
  money: (minor: bigint) => string,
  t: TFunction,
): string {
  switch (outcome.result) {
    case 'win':
      return t('outcome.win', {
        amount: money(outcome.payoutMinor),
        net: money(outcome.netMinor),
      })
    case 'push':
      return t('outcome.push', { amount: money(outcome.payoutMinor) })
    case 'loss':
      return outcome.payoutMinor > 0n
        ? t('outcome.partial', {
            amount: money(outcome.payoutMinor),
            stake: money(outcome.stakeMinor),
          })
        : t('outcome.loss')
  }
}

/** A game's message line for a settled bet: the rule's tone and sentence together. */
export const outcomeMessage = (
  outcome: BetOutcome,
  money: (minor: bigint) => string,
  t: TFunction,
) => ({ tone: outcomeTone(outcome), text: outcomeText(outcome, money, t) })
