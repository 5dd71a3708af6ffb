import { useCallback } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { coinText } from '#app/components/engagement/format.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { formatMoney } from '#common/format-money.ts'
import type { Prize } from '#common/rewards-rules.ts'

export interface PrizeWording {
  t: TFunction
  localeTag: string
  /** The title of a lootbox kind, when the page has the catalogue. */
  lootboxTitle?: (lootboxId: number) => string | undefined
}

/** Hundredths of a coin as coins; the string is split, never divided as a float. */
export function coinsOfMinor(coinsMinor: string): number {
  const whole = coinsMinor.length > 2 ? coinsMinor.slice(0, -2) : '0'
  return Number(`${whole}.${coinsMinor.slice(-2).padStart(2, '0')}`)
}

/**
 * A prize in the player's words ("250 coins", "€5.00 bonus money", "10 free spins at €0.20"):
 * coins by the spec's coin rule, money by the site's money formatter, counts by each language's
 * plural forms.
 */
export function prizeText(prize: Prize, { t, localeTag, lootboxTitle }: PrizeWording): string {
  const eur = (minor: string) => formatMoney(minor, 'EUR', localeTag)
  switch (prize.kind) {
    case 'coins': {
      const coins = coinsOfMinor(prize.coinsMinor)
      return t('rewards.prize.coins', { count: coins, amount: coinText(coins, localeTag) })
    }
    case 'cash':
      return t('rewards.prize.cash', { amount: eur(prize.eurMinor) })
    case 'bonus':
      return t('rewards.prize.bonus', { amount: eur(prize.eurMinor) })
    case 'free_spins':
      return t('rewards.prize.free_spins', {
        count: prize.spins,
        stake: eur(prize.stakeEurMinor),
      })
    case 'lootbox':
      return lootboxTitle?.(prize.lootboxId) ?? t('rewards.prize.lootbox')
    case 'wheel_spin':
      return t('rewards.prize.wheel_spin', { count: prize.spins })
    case 'lottery_ticket':
      return t('rewards.prize.lottery_ticket', { count: prize.tickets })
  }
}

/**
 * Where a won prize waits for the player: the page that holds it and the words that say so. Free
 * spins wait in their game when the page knows its address, otherwise in the bonuses tab.
 */
export function prizeWhere(
  prize: Prize,
  locale: string,
  gameHref?: string,
): { href: string; key: string } {
  switch (prize.kind) {
    case 'coins':
      return { href: `/${locale}/shop/`, key: 'rewards.where.coins' }
    case 'cash':
      return { href: `/${locale}/account/`, key: 'rewards.where.cash' }
    case 'bonus':
      return { href: `/${locale}/account/bonuses/`, key: 'rewards.where.bonus' }
    case 'free_spins':
      return gameHref
        ? { href: gameHref, key: 'rewards.where.free_spins_game' }
        : { href: `/${locale}/account/bonuses/`, key: 'rewards.where.free_spins' }
    case 'lootbox':
      return { href: `/${locale}/lootboxes/`, key: 'rewards.where.lootbox' }
    case 'wheel_spin':
      return { href: `/${locale}/wheel/`, key: 'rewards.where.wheel_spin' }
    case 'lottery_ticket':
      return { href: `/${locale}/lottery/`, key: 'rewards.where.lottery_ticket' }
  }
}

/** `prizeText` bound to the page's language. */
export function usePrizeText(lootboxTitle?: PrizeWording['lootboxTitle']) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  return useCallback(
    (prize: Prize) => prizeText(prize, { t, localeTag, lootboxTitle }),
    [t, localeTag, lootboxTitle],
  )
}
