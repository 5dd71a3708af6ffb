import { Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useLocation } from 'react-router'
import type { Route } from './+types/game'
import { originals } from '#app/components/games/originals/registry.ts'
import { liveGames } from '#app/components/games/live/registry.ts'
import { ProviderGame } from '#app/components/games/provider-game.tsx'
import { RealityCheckProvider } from '#app/components/games/reality-check/reality-check-context.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { searchWithDialog } from '#app/lib/dialog-url.ts'
import { stakeRangeOf } from '#app/lib/stake-steps.ts'
import { formatPercentBp } from '#app/lib/format/game-numbers.ts'
import { useUserStore } from '#app/state/user-store.ts'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const country = context.country ?? undefined
  const game = await context.games.find(params.slug, country)
  if (!game) throw data(null, { status: 404 })
  const wantsDemo = new URL(request.url).searchParams.get('mode') === 'demo'
  if (context.player) {
    // Opening a game puts it first in the player's recently played.
    await context.games.markPlayed(context.player.id, game.id).catch(() => undefined)
  }
  // The stakes our own engines take per currency: the screen's default stake and steps.
  const stakeRanges =
    game.kind === 'original' || game.kind === 'live'
      ? await context.games.stakeRanges(game.engine)
      : undefined
  return {
    game,
    stakeRanges,
    wantsDemo,
    isSignedIn: context.player !== null,
    playerCurrency: context.player?.currency ?? null,
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'games.page_title', { name: args.loaderData.game.title })

// Smaller on phones, where the game's result and its bet button must fit the first screen.
const toolClass =
  'flex items-center gap-2 rounded-lg border border-line bg-surface-raised px-2.5 py-1.5 text-xs font-semibold text-ink hover:border-gold/60 aria-pressed:border-gold aria-pressed:text-gold sm:px-3 sm:py-2 sm:text-sm'

/**
 * The game screen (`/{loc}/game/{slug}/`): real money for a signed-in player with
 * money in the current wallet, play money (`?mode=demo`) otherwise; a game menu with the rules
 * and RTP, full screen, and the switch between real and demo play. A signed-in player's reality
 * check shows over every game here, play money included: it counts time since the sign-in.
 */
export default function GamePage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const { game, stakeRanges, wantsDemo, isSignedIn, playerCurrency } = loaderData
  const wallet = useUserStore((state) => state.wallet.current)
  const [isRulesOpen, setRulesOpen] = useState(false)
  const stage = useRef<HTMLDivElement>(null)
  const localeTag = getLocale(params.locale).tag

  const currency = wallet?.currency_id ?? playerCurrency ?? getLocale(params.locale).currency
  const hasMoney = wallet !== null && BigInt(wallet.cents) > 0n
  // Wallet not loaded yet for a signed-in player: treat as real until it says otherwise.
  const canPlayReal = isSignedIn && (wallet === null || hasMoney)
  const mode: 'real' | 'demo' = wantsDemo || !isSignedIn ? 'demo' : 'real'
  const Original = game.kind === 'original' ? originals[game.engine] : undefined
  // Live games have no play money: a visitor watches the shared round and is asked to sign in.
  const Live = game.kind === 'live' ? liveGames[game.engine] : undefined
  const base = `/${params.locale}/game/${game.slug}/`
  const limit = game.stake_limits.find((l) => l.currency === currency)
  const stakeRange = stakeRangeOf(stakeRanges, currency)
  const money = (minor: string) =>
    isCurrencyCode(currency) ? formatMoney(minor, currency, localeTag) : `${minor} ${currency}`

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void stage.current?.requestFullscreen().catch(() => undefined)
  }

  const offer = mode === 'real' && !canPlayReal
  return (
    <div className="flex flex-col gap-2 sm:gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 sm:gap-3">
        <div className="flex min-w-0 items-baseline gap-x-2 sm:block">
          <h1 className="truncate text-xl font-bold text-ink sm:text-2xl">{game.title}</h1>
          <p className="truncate text-xs text-ink-muted sm:text-sm">{game.provider_name}</p>
        </div>
        <nav aria-label={t('games.menu')} className="flex flex-wrap gap-2" data-testid="game-menu">
          <Link to={`/${params.locale}/lobby/c/All/`} className={toolClass}>
            {t('games.back_to_lobby')}
          </Link>
          {isSignedIn ? (
            <Link
              to={mode === 'demo' ? base : `${base}?mode=demo`}
              className={toolClass}
              data-testid="mode-switch"
            >
              {mode === 'demo' ? t('games.play_real') : t('games.play_demo')}
            </Link>
          ) : null}
          <button
            type="button"
            className={toolClass}
            aria-pressed={isRulesOpen}
            aria-controls="game-rules"
            onClick={() => setRulesOpen((open) => !open)}
          >
            {t('games.rules')}
          </button>
          <button type="button" className={toolClass} onClick={toggleFullScreen}>
            {t('games.full_screen')}
          </button>
        </nav>
      </div>

      {/* A live game has no play money: a visitor watches, and its screen says so. On a phone the
          note goes under the game (the game's own badge says "Play money"), which needs the room. */}
      {mode === 'demo' && !Live ? (
        <p
          className="rounded-lg border border-gold/30 bg-gold/5 px-3 py-1.5 text-xs text-ink max-sm:order-last sm:px-4 sm:py-2 sm:text-sm"
          data-testid="demo-banner"
        >
          {t('games.demo_banner')}{' '}
          {!isSignedIn ? (
            <Link
              to={{ search: searchWithDialog(location.search, '/a/login') }}
              className="font-semibold text-gold underline"
            >
              {t('games.sign_in_for_real')}
            </Link>
          ) : null}
        </p>
      ) : null}

      {isRulesOpen ? (
        <section
          id="game-rules"
          className="animate-fade-in rounded-2xl border border-line bg-surface-raised p-4 text-sm"
          data-testid="game-rules"
        >
          <h2 className="mb-2 text-lg font-semibold text-ink">{t('games.rules_title')}</h2>
          <p className="mb-3 text-ink-muted">
            {t(`games.rules_text.${game.engine}`, { defaultValue: t('games.rules_text.default') })}
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-ink-muted">{t('games.rtp')}</dt>
              <dd className="font-semibold text-ink tabular-nums" dir="ltr" data-testid="game-rtp">
                {formatPercentBp(game.rtp_bp, localeTag)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-muted">{t('games.volatility')}</dt>
              <dd className="font-semibold text-ink">{t(`games.volatility_${game.volatility}`)}</dd>
            </div>
            {limit ? (
              <>
                <div>
                  <dt className="text-xs text-ink-muted">{t('games.min_stake')}</dt>
                  <dd className="font-semibold text-ink">{money(limit.min)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-ink-muted">{t('games.max_stake')}</dt>
                  <dd className="font-semibold text-ink">{money(limit.max)}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      <RealityCheckProvider isEnabled={isSignedIn} locale={params.locale}>
        <div
          ref={stage}
          className="rounded-2xl bg-surface p-2 sm:p-4 [&:fullscreen]:overflow-auto [&:fullscreen]:p-6"
        >
          {offer ? (
            <div
              className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-raised px-4 py-10 text-center"
              data-testid="no-money"
            >
              <p className="text-lg font-semibold text-ink">{t('games.no_money_title')}</p>
              <p className="text-sm text-ink-muted">{t('games.no_money_text')}</p>
              <div className="flex flex-wrap justify-center gap-3">
                <Link
                  to={{ search: searchWithDialog(location.search, '/a/deposit') }}
                  className="rounded-lg bg-gradient-to-b from-gold-soft to-gold-strong px-4 py-2 font-semibold text-on-gold"
                >
                  {t('games.deposit')}
                </Link>
                <Link to={`${base}?mode=demo`} className={toolClass}>
                  {t('games.play_demo')}
                </Link>
              </div>
            </div>
          ) : Live ? (
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <Live
                mode={isSignedIn ? 'real' : 'demo'}
                currency={currency}
                stakeRange={stakeRange}
                game={{ slug: game.slug, title: game.title, rtpBp: game.rtp_bp }}
              />
            </Suspense>
          ) : Original ? (
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <Original
                key={mode}
                mode={mode}
                currency={currency}
                stakeRange={stakeRange}
                game={{ slug: game.slug, title: game.title, rtpBp: game.rtp_bp }}
              />
            </Suspense>
          ) : game.kind === 'provider' ? (
            // A studio's game: its own page in an iframe, paid through the seamless wallet.
            <ProviderGame
              key={mode}
              mode={mode}
              currency={currency}
              locale={params.locale}
              game={{ slug: game.slug, title: game.title, providerName: game.provider_name }}
            />
          ) : (
            // The catalogue lists only titles whose engine runs here (docs/decisions/010): this is a
            // screen older than the engine it names, so it says the game did not open.
            <p
              className="rounded-2xl border border-line bg-surface-raised p-6 text-center text-ink"
              role="alert"
              data-testid="game-launch-error"
            >
              {t('games.launch_error')}
            </p>
          )}
        </div>
      </RealityCheckProvider>
    </div>
  )
}
