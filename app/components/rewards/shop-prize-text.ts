import { useCallback } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { coinText } from '#app/components/engagement/format.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { formatMoney } from '#common/format-money.ts'
import type { Prize } from '#common/rewards-rules.ts'

/** Hundredths of a coin as coins; the string is split, never divided as a float. */
export function coinsOfMinor(coinsMinor: string): number {
  const whole = coinsMinor.length > 2 ? coinsMinor.slice(0, -2) : '0'
  return Number(`${whole}.${coinsMinor.slice(-2).padStart(2, '0')}`)
}

/**
 * A prize in the player's words ("€5.00 bonus money", "10 free spins at €0.20", "3 lottery
 * tickets"), with each language's plural forms. The shop's and lottery's own copy of the shared
 * prize wording (`rewards.prize.*`, `prize-text.ts`) until that one is merged.
 */
export function prizeText(prize: Prize, t: TFunction, localeTag: string): string {
  const eur = (minor: string) => formatMoney(minor, 'EUR', localeTag)
  switch (prize.kind) {
    case 'coins': {
      const coins = coinsOfMinor(prize.coinsMinor)
      return t('shop.prize.coins', { count: coins, amount: coinText(coins, localeTag) })
    }
    case 'cash':
      return t('shop.prize.cash', { amount: eur(prize.eurMinor) })
    case 'bonus':
      return t('shop.prize.bonus', { amount: eur(prize.eurMinor) })
    case 'free_spins':
      return t('shop.prize.free_spins', { count: prize.spins, stake: eur(prize.stakeEurMinor) })
    case 'lootbox':
      return t('shop.prize.lootbox')
    case 'wheel_spin':
      return t('shop.prize.wheel_spin', { count: prize.spins })
    case 'lottery_ticket':
      return t('shop.prize.lottery_ticket', { count: prize.tickets })
  }
}

/** `prizeText` in the page's language. */
export function usePrizeText() {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  return useCallback((prize: Prize) => prizeText(prize, t, localeTag), [t, localeTag])
}
