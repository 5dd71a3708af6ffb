import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { messageOf } from '#app/components/account/form-errors.ts'
import { CoinAmount, ProgressBar } from '#app/components/engagement/engagement-ui.tsx'
import { progressPercent, triggerAmount } from '#app/components/engagement/format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { CountdownDigits, useCountdown, When } from '#app/components/ui/countdown.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import type { Lottery, ShopItem } from '#server/modules/rewards/rewards.contract.ts'
import { purchaseShopItem, type ShopPurchase } from './shop-data.ts'
import { coinsMinor } from './shop-logic.ts'
import type { PlayerTicket } from './lottery-logic.ts'

const CARD = 'rounded-2xl border border-line bg-surface-raised p-4 sm:p-5'

/**
 * "Sales close in 2 d 05:09:03", ticking each second once the page is interactive (the server's
 * clock and the browser's differ).
 */
export function LotteryCountdown({
  label,
  endsAt,
  testId,
}: {
  label: string
  endsAt: string
  testId: string
}) {
  const { t } = useTranslation()
  const { left, isOver } = useCountdown(endsAt)
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-surface/70 px-3 py-2" data-testid={testId}>
      <span className="text-xs font-semibold text-ink-muted">{label}</span>
      <span className="text-lg font-bold text-ink tabular-nums">
        {left ? (
          <CountdownDigits left={left} at={endsAt} />
        ) : isOver ? (
          t('lottery.now')
        ) : (
          <span className="inline-block w-24" />
        )}
      </span>
      <span className="text-xs text-ink-muted">
        <When iso={endsAt} />
      </span>
    </div>
  )
}

/** Rank by rank, what the draw gives. */
export function PrizeTable({ lottery }: { lottery: Lottery }) {
  const { t } = useTranslation()
  return (
    <table className="w-full text-sm" data-testid="lottery-prizes">
      <caption className="sr-only">{t('lottery.prizes')}</caption>
      <thead>
        <tr className="text-start text-xs text-ink-muted">
          <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
            {t('lottery.rank')}
          </th>
          <th scope="col" className="py-1.5 text-start font-semibold">
            {t('lottery.prize')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lottery.prizes.map((prize) => (
          <tr key={prize.rank} className="border-t border-line">
            <td className="py-2 pe-3 font-bold text-gold tabular-nums">{prize.rank}</td>
            <td className="py-2 text-ink">{prize.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The player's ticket numbers in a lottery, those that won marked with their rank. */
export function TicketList({ tickets }: { tickets: readonly PlayerTicket[] }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-2" data-testid="lottery-my-tickets">
      {tickets.map((ticket) => (
        <li
          key={ticket.id}
          data-testid="lottery-ticket"
          data-number={ticket.number}
          className={`inline-flex items-center gap-1.5 rounded-lg border px-2.5 py-1 text-sm font-semibold tabular-nums ${
            ticket.won_rank === null
              ? 'border-line bg-surface text-ink'
              : 'border-gold/70 bg-gold/15 text-ink'
          }`}
        >
          #{ticket.number}
          <span className="text-xs font-normal text-ink-muted">
            {t(`lottery.source.${ticket.source}`)}
          </span>
          {ticket.won_rank === null ? null : (
            <span className="text-xs font-bold text-gold">
              {t('lottery.won_rank', { rank: ticket.won_rank })}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/** Euros of real-money play toward the next earned ticket. */
export function TicketProgress({ progress }: { progress: { progress: number; expected: number } }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const values = {
    progress: triggerAmount(Math.min(progress.progress, progress.expected), 'eur', tag),
    expected: triggerAmount(progress.expected, 'eur', tag),
  }
  return (
    <div className="flex flex-col gap-1.5" data-testid="lottery-progress">
      <div className="flex items-baseline justify-between gap-3 text-xs">
        <span className="text-ink-muted">{t('lottery.next_ticket')}</span>
        <span className="font-semibold text-ink tabular-nums" dir="ltr">
          {values.progress} / {values.expected}
        </span>
      </div>
      <ProgressBar
        percent={progressPercent(progress)}
        label={t('lottery.next_ticket')}
        valueText={t('lottery.progress_sr', values)}
      />
    </div>
  )
}

const MAX_AT_ONCE = 10

/**
 * Tickets through the shop's item for this lottery, one purchase per ticket, each with its own
 * key. The keys are made when the player presses buy and kept until every one went through, so
 * "try again" after a failure resends only the missing ones, under the same keys.
 */
export function BuyTickets({
  locale,
  item,
  coins,
  left,
  onBought,
}: {
  locale: string
  item: ShopItem
  coins: number
  left: number
  onBought: (purchases: ShopPurchase[]) => void
}) {
  const { t } = useTranslation()
  const [quantity, setQuantity] = useState(1)
  const [keys, setKeys] = useState<string[] | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const most = Math.min(left, MAX_AT_ONCE)
  const count = Math.min(quantity, Math.max(1, most))
  const total = (coinsMinor(item.price_coins) * BigInt(count)).toString()
  const isShort = coinsMinor(coins) < BigInt(total)
  const reason =
    left <= 0
      ? 'limit'
      : item.stock !== null && item.stock < count
        ? 'sold_out'
        : isShort
          ? 'coins'
          : null

  const change = (next: number) => {
    setQuantity(Math.max(1, Math.min(most, next)))
    setKeys(null)
    setError(null)
  }
  const buy = async () => {
    const pending = keys ?? Array.from({ length: count }, () => crypto.randomUUID())
    setKeys(pending)
    setIsBusy(true)
    setError(null)
    const done: ShopPurchase[] = []
    try {
      for (const key of pending) {
        done.push(await purchaseShopItem(locale, item.id, key))
      }
      setKeys(null)
    } catch (caught) {
      setKeys(pending.slice(done.length))
      setError(messageOf(caught, t('lottery.buy_failed')))
    } finally {
      setIsBusy(false)
      if (done.length > 0) onBought(done)
    }
  }
  const totalCoins = Number(total) / 100
  return (
    <div className="flex flex-col gap-3" data-testid="lottery-buy">
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('lottery.quantity')}
          className="inline-flex items-center rounded-xl border border-line bg-surface"
        >
          <button
            type="button"
            onClick={() => change(count - 1)}
            disabled={count <= 1 || isBusy}
            aria-label={t('lottery.fewer')}
            className="flex size-11 items-center justify-center text-lg font-bold text-ink disabled:opacity-40"
          >
            −
          </button>
          <output
            className="min-w-8 text-center font-bold text-ink tabular-nums"
            aria-live="polite"
            data-testid="lottery-quantity"
          >
            {count}
          </output>
          <button
            type="button"
            onClick={() => change(count + 1)}
            disabled={count >= most || isBusy}
            aria-label={t('lottery.more')}
            className="flex size-11 items-center justify-center text-lg font-bold text-ink disabled:opacity-40"
          >
            +
          </button>
        </div>
        <Button
          type="button"
          isBusy={isBusy}
          disabled={isBusy || reason !== null}
          onClick={() => void buy()}
          data-testid="lottery-buy-button"
          aria-describedby={reason ? 'lottery-buy-reason' : undefined}
        >
          {error ? t('lottery.try_again') : t('lottery.buy')}
        </Button>
        <CoinAmount coins={totalCoins} className="text-gold" />
      </div>
      {reason ? (
        <p id="lottery-buy-reason" className="text-xs text-ink-muted">
          {t(`lottery.reason.${reason}`)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="lottery-buy-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** How tickets come, how many one player may hold, and the draw's committed seed. */
export function LotteryRules({ lottery }: { lottery: Lottery }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  return (
    <section aria-labelledby="lottery-rules" className={`${CARD} flex flex-col gap-3`}>
      <h2 id="lottery-rules" className="text-lg font-bold text-ink">
        {t('lottery.rules')}
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 ps-5 text-sm text-ink-muted">
        <li>
          {lottery.ticket_every_eur === null
            ? t('lottery.rule_bought_only')
            : t('lottery.rule_earned', {
                amount: triggerAmount(lottery.ticket_every_eur, 'eur', tag),
              })}
        </li>
        {lottery.shop_item_id === null ? null : <li>{t('lottery.rule_shop')}</li>}
        <li>{t('lottery.rule_limit', { limit: lottery.max_tickets_per_player })}</li>
        <li>{t('lottery.rule_draw')}</li>
      </ul>
      <div className="flex flex-col gap-1">
        <span className="text-xs font-semibold text-ink-muted">{t('lottery.seed_hash')}</span>
        <code
          className="rounded-lg bg-surface px-2 py-1.5 font-mono text-xs break-all text-ink"
          dir="ltr"
          data-testid="lottery-seed-hash"
        >
          {lottery.server_seed_hash}
        </code>
      </div>
    </section>
  )
}

/** A drawn lottery: its winners, the player's tickets in it, the revealed seeds to verify with. */
export function PreviousLottery({
  lottery,
  locale,
  tickets,
}: {
  lottery: Lottery
  locale: string
  tickets: readonly PlayerTicket[]
}) {
  const { t } = useTranslation()
  return (
    <article
      className={`${CARD} flex flex-col gap-4`}
      data-testid={`lottery-result-${lottery.slug}`}
      aria-labelledby={`lottery-result-${String(lottery.id)}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`lottery-result-${String(lottery.id)}`} className="text-base font-bold text-ink">
          {lottery.title}
        </h3>
        <span className="text-xs text-ink-muted">
          {t('lottery.drawn_at')} <When iso={lottery.drawn_at ?? lottery.draw_at} />
        </span>
      </header>
      {lottery.winners.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('lottery.no_winners')}</p>
      ) : (
        <table className="w-full text-sm" data-testid="lottery-winners">
          <caption className="sr-only">{t('lottery.winners')}</caption>
          <thead>
            <tr className="text-xs text-ink-muted">
              <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
                {t('lottery.rank')}
              </th>
              <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
                {t('lottery.ticket')}
              </th>
              <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
                {t('lottery.winner')}
              </th>
              <th scope="col" className="py-1.5 text-start font-semibold">
                {t('lottery.prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lottery.winners.map((winner) => (
              <tr key={winner.rank} className="border-t border-line">
                <td className="py-2 pe-3 font-bold text-gold tabular-nums">{winner.rank}</td>
                <td className="py-2 pe-3 text-ink tabular-nums">#{winner.ticket_number}</td>
                <td className="py-2 pe-3 text-ink">{winner.player}</td>
                <td className="py-2 text-ink">{winner.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {tickets.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-ink">
            {tickets.some((ticket) => ticket.won_rank !== null)
              ? t('lottery.you_won')
              : t('lottery.your_tickets_drawn')}
          </h4>
          <TicketList tickets={tickets} />
        </div>
      ) : null}
      <details className="group rounded-xl border border-line bg-surface px-3 py-2 text-xs">
        <summary className="flex min-h-8 cursor-pointer items-center font-semibold text-ink">
          {t('lottery.seeds')}
        </summary>
        <dl className="flex flex-col gap-1 pt-2 text-ink-muted" dir="ltr">
          <dt>{t('lottery.seed_hash')}</dt>
          <dd className="font-mono break-all text-ink">{lottery.server_seed_hash}</dd>
          <dt>{t('lottery.server_seed')}</dt>
          <dd className="font-mono break-all text-ink" data-testid="lottery-server-seed">
            {lottery.server_seed ?? '—'}
          </dd>
          <dt>{t('lottery.client_seed')}</dt>
          <dd className="font-mono break-all text-ink">{lottery.client_seed ?? '—'}</dd>
        </dl>
      </details>
      <Link
        to={`/${locale}/verify/?lottery=${String(lottery.id)}`}
        className="self-start text-sm font-semibold text-gold underline-offset-4 hover:underline"
        data-testid="lottery-verify"
      >
        {t('lottery.verify')}
      </Link>
    </article>
  )
}
