import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { data, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/lottery'
import {
  CoinsPanel,
  EngagementError,
  PageComponentsBody,
  PageHero,
  SignInCta,
} from '#app/components/engagement/engagement-ui.tsx'
import { wholeNumber } from '#app/components/engagement/format.ts'
import { loadLotteryPage } from '#app/components/rewards/lottery-data.ts'
import {
  currentLottery,
  flattenTickets,
  nextChange,
  ticketsLeft,
} from '#app/components/rewards/lottery-logic.ts'
import {
  BuyTickets,
  LotteryCountdown,
  LotteryRules,
  PreviousLottery,
  PrizeTable,
  TicketList,
  TicketProgress,
} from '#app/components/rewards/lottery-ui.tsx'
import type { ShopPurchase } from '#app/components/rewards/shop-data.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { useLotteryStore } from '#app/state/lottery-store.ts'
import { useCoins, useEngagementStore } from '#app/state/engagement-store.ts'
import { showToast } from '#app/state/toast-store.ts'
import { isPathOn } from '#common/features.ts'

/** The lotteries running and to come, the last draws, and the player's tickets. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return loadLotteryPage(context, params.locale)
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.lottery.title')

/** While a draw is due, how often the page asks again whether its result is in. */
const DRAW_POLL_MS = 4000

/**
 * The page follows the draws by itself: the socket's `lotteryDrawn` (sent to players holding
 * tickets) reloads its data at once; for everyone else, and for a socket that missed it, the data
 * is reloaded when the clock passes a sales opening, close or draw, and every few seconds while a
 * draw is due and not yet published.
 */
function useLotteryFreshness(lotteries: Route.ComponentProps['loaderData']['existing']) {
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const lastDrawn = useLotteryStore((state) => state.lastDrawn)
  useEffect(() => {
    if (lastDrawn) void revalidate.current()
  }, [lastDrawn])

  const isDrawDue = lotteries.some(
    (lottery) => lottery.phase === 'closed' && new Date(lottery.draw_at).getTime() <= Date.now(),
  )
  useEffect(() => {
    const now = Date.now()
    const next = nextChange(lotteries, now)
    const wait = isDrawDue ? DRAW_POLL_MS : next === null ? null : next - now + 500
    // Timers past about 24 days overflow to zero and would fire at once.
    if (wait === null || wait > 2 ** 31 - 1) return
    const timer = window.setTimeout(() => void revalidate.current(), wait)
    return () => window.clearTimeout(timer)
  }, [lotteries, isDrawDue])
  return useCallback(() => void revalidate.current(), [])
}

function LotterySkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('lottery.loading')} className="flex flex-col gap-4">
      <Skeleton className="h-56 w-full rounded-3xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  )
}

export default function LotteryPage({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/lottery/')
  const { existing, recent, statuses, components, shop } = loaderData
  const refresh = useLotteryFreshness(existing)
  useEffect(() => {
    if (shop) useEngagementStore.getState().setCoins(shop.player_coins)
  }, [shop])
  const coins = useCoins(shop?.player_coins ?? null)
  const isSignedIn = statuses !== null
  const tickets = flattenTickets(statuses ?? [])
  const lottery = currentLottery(existing)
  const hero = components.find((component) => component.kind === 'hero')
  const mine = lottery ? tickets.filter((ticket) => ticket.lottery_id === lottery.id) : []
  const status = lottery ? statuses?.find((entry) => entry.lottery_id === lottery.id) : undefined
  const item = lottery?.shop_item_id
    ? shop?.items.find((entry) => entry.id === lottery.shop_item_id)
    : undefined

  const onBought = (purchases: ShopPurchase[]) => {
    const last = purchases.at(-1)
    if (last) useEngagementStore.getState().setCoins(last.player_coins)
    showToast({
      tone: 'success',
      title: t('lottery.bought', { tickets: purchases.length }),
      autoClose: 'short',
    })
    refresh()
  }

  return (
    <div data-testid="lottery-page" className="flex flex-col gap-6">
      <PageHero hero={hero} title={t('pages.lottery.title')} intro={t('pages.lottery.intro')} />
      {isLoading ? (
        <LotterySkeleton />
      ) : (
        <>
          {lottery ? (
            <section
              aria-labelledby="lottery-current"
              className="flex flex-col gap-5 rounded-3xl border border-gold/30 bg-gradient-to-br from-hero-glow/60 to-surface-raised p-4 sm:p-6"
              data-testid="lottery-current"
              data-phase={lottery.phase}
              data-lottery-id={lottery.id}
            >
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
                <img
                  src={lottery.image_url}
                  alt={lottery.image_alt}
                  width={128}
                  height={128}
                  className="size-24 shrink-0 self-center object-contain sm:size-32 sm:self-start"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <span className="self-start rounded-full border border-gold/50 bg-gold/10 px-2.5 py-0.5 text-xs font-semibold text-gold">
                    {t(`lottery.phase.${lottery.phase}`)}
                  </span>
                  <h2 id="lottery-current" className="text-2xl font-bold text-ink">
                    {lottery.title}
                  </h2>
                  <p className="text-sm text-ink-muted">{lottery.text}</p>
                  <p className="text-sm text-ink" data-testid="lottery-sold">
                    {t('lottery.tickets_sold', { amount: wholeNumber(lottery.ticket_count, tag) })}
                  </p>
                </div>
              </div>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {lottery.phase === 'upcoming' ? (
                  <LotteryCountdown
                    label={t('lottery.sales_open_in')}
                    endsAt={lottery.sales_open_at}
                    testId="lottery-opens"
                  />
                ) : lottery.phase === 'open' ? (
                  <LotteryCountdown
                    label={t('lottery.sales_close_in')}
                    endsAt={lottery.sales_close_at}
                    testId="lottery-closes"
                  />
                ) : null}
                <LotteryCountdown
                  label={t('lottery.draw_in')}
                  endsAt={lottery.draw_at}
                  testId="lottery-draw"
                />
              </div>
              <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <h3 className="text-base font-bold text-ink">{t('lottery.prizes')}</h3>
                  <PrizeTable lottery={lottery} />
                </div>
                {/* A visitor's tickets are the sign-in invitation's subject, below. */}
                <div className={isSignedIn ? 'flex flex-col gap-3' : 'hidden'}>
                  <h3 className="text-base font-bold text-ink">{t('lottery.your_tickets')}</h3>
                  {mine.length === 0 ? (
                    <p className="text-sm text-ink-muted" data-testid="lottery-no-tickets">
                      {t('lottery.no_tickets')}
                    </p>
                  ) : (
                    <TicketList tickets={mine} />
                  )}
                  {status?.progress && lottery.phase === 'open' ? (
                    <TicketProgress progress={status.progress} />
                  ) : null}
                  {isSignedIn && lottery.phase === 'open' && item && coins !== null ? (
                    <BuyTickets
                      locale={params.locale}
                      item={item}
                      coins={coins}
                      left={ticketsLeft(lottery, mine.length)}
                      onBought={onBought}
                    />
                  ) : null}
                  {isSignedIn && lottery.phase === 'closed' ? (
                    <p className="text-sm text-ink-muted">{t('lottery.awaiting_draw')}</p>
                  ) : null}
                </div>
              </div>
            </section>
          ) : (
            <div data-testid="lottery-empty">
              <EmptyState title={t('lottery.empty_title')} text={t('lottery.empty_text')} />
            </div>
          )}
          {isSignedIn ? (
            coins === null ? null : (
              <CoinsPanel coins={coins} />
            )
          ) : (
            <SignInCta title={t('lottery.sign_in_title')} text={t('lottery.sign_in_text')} />
          )}
          {lottery ? <LotteryRules lottery={lottery} /> : null}
          <section aria-labelledby="lottery-previous" className="flex flex-col gap-4">
            <h2 id="lottery-previous" className="text-xl font-bold text-ink">
              {t('lottery.previous')}
            </h2>
            {recent.length === 0 ? (
              <p className="text-sm text-ink-muted" data-testid="lottery-no-previous">
                {t('lottery.no_previous')}
              </p>
            ) : (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="lottery-previous">
                {recent.map((drawn) => (
                  <PreviousLottery
                    key={drawn.id}
                    lottery={drawn}
                    locale={params.locale}
                    tickets={tickets.filter((ticket) => ticket.lottery_id === drawn.id)}
                  />
                ))}
              </div>
            )}
          </section>
        </>
      )}
      <PageComponentsBody components={components} />
    </div>
  )
}

export { EngagementError as ErrorBoundary }
