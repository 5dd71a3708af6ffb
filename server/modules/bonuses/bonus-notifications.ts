import { eq } from 'drizzle-orm'
import { formatMoney } from '#common/format-money.ts'
import { getLocale, isLocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import type { NotificationInput, Notify } from '#server/modules/notifications/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { textsIn, type Texts } from '#server/modules/site/index.ts'
import type { PlayerBonusRow } from './bonus-view.ts'

/** A player's words for bonus notifications: their language with the operator's overrides. */
export interface BonusWording {
  locale: string
  text: Texts
}

/**
 * Reads the player's language and its catalogue. Call it before the transaction that notifies:
 * on the embedded database a read outside a running transaction waits for that transaction.
 */
export async function bonusWording(
  db: Db | Tx,
  messages: (locale: string) => Promise<Messages>,
  playerId: string,
): Promise<BonusWording> {
  const [player] = await db
    .select({ locale: players.locale })
    .from(players)
    .where(eq(players.id, playerId))
  const locale = player?.locale ?? 'en'
  return { locale, text: await textsIn(messages, locale) }
}

const money = (minor: bigint, currency: string, locale: string) =>
  formatMoney(
    minor,
    currency as CurrencyCode,
    isLocalePrefix(locale) ? getLocale(locale).tag : 'en',
  )

/** The notification of a bonus's event, in the player's words. */
export function bonusNotice(
  kind: 'bonus_credited' | 'bonus_completed' | 'bonus_expired',
  row: PlayerBonusRow,
  wording: BonusWording,
): NotificationInput {
  const { locale, text } = wording
  const params = {
    amount: money(row.amountMinor, row.currency, locale),
    wagering: money(row.wageringRequiredMinor, row.currency, locale),
    settled: money(row.settledMinor ?? 0n, row.currency, locale),
  }
  return {
    playerId: row.playerId,
    type: kind,
    text: text(`notifications_text.${kind}`, params),
  }
}

/**
 * `bonus_completed`, for the wagering part: stores the notification in the completing
 * transaction (it goes out once that commits, through `notifyAfterCommit`). `wording` is read
 * before the transaction (`bonusWording`).
 */
export async function notifyBonusCompleted(
  notify: Notify,
  tx: Tx,
  row: PlayerBonusRow,
  wording: BonusWording,
): Promise<void> {
  await notify(tx, bonusNotice('bonus_completed', row, wording))
}
