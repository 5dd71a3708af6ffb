import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/lootboxes'
import {
  CARD_GRID,
  CardGridSkeleton,
  EngagementError,
  PageComponentsBody,
  PageHero,
  SignInCta,
  TimeLeft,
} from '#app/components/engagement/engagement-ui.tsx'
import { OddsTable } from '#app/components/rewards/odds-table.tsx'
import { PrizeDialog } from '#app/components/rewards/prize-dialog.tsx'
import { usePrizeText } from '#app/components/rewards/prize-text.ts'
import {
  loadLootboxCatalogue,
  loadPlayerLootboxes,
  loadRewardsPageComponents,
  type LootboxDetails,
  type PlayerLootbox,
} from '#app/components/rewards/rewards-data.ts'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { errorText, prefersReducedMotion, sleep, useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { useInteractive } from '#app/lib/use-interactive.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import { isPathOn } from '#common/features.ts'
import { isLootboxAvailable } from '#common/rewards-rules.ts'
import type { LootboxClaimSchema } from '#server/modules/rewards/rewards.contract.ts'
import type { z } from 'zod'

type LootboxClaim = z.infer<typeof LootboxClaimSchema>

/** How long the box shakes before it opens; nothing under reduced motion. */
const OPENING_MS = 1200

/** The kinds of lootbox and their odds, the player's own lootboxes (null: a visitor). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const [catalogue, mine, components] = await Promise.all([
    loadLootboxCatalogue(context, params.locale),
    loadPlayerLootboxes(context, params.locale),
    loadRewardsPageComponents(context, params.locale, 'lootboxes'),
  ])
  return { catalogue, mine, components }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.lootboxes.title')

const REVEAL_DIALOG = 'lootbox-reveal'

export default function Lootboxes({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/lootboxes/')
  const { catalogue, mine, components } = loaderData
  const { player } = useRootData()
  const revalidator = useRevalidator()
  const locale = params.locale
  const hero = components.find((component) => component.kind === 'hero')
  const kindOf = useCallback(
    (lootboxId: number) => catalogue.find((kind) => kind.api_lootbox_id === lootboxId),
    [catalogue],
  )
  const titleOf = useCallback((lootboxId: number) => kindOf(lootboxId)?.title, [kindOf])

  // Lootboxes opened on this page since its data came, until the page's data is read again.
  const [opened, setOpened] = useState<Record<string, PlayerLootbox>>({})
  useEffect(() => setOpened({}), [mine])
  const [openingId, setOpeningId] = useState<string | null>(null)
  const [revealed, setRevealed] = useState<LootboxClaim | null>(null)
  const lootboxes = useMemo(
    () => (mine ?? []).map((lootbox) => opened[lootbox.id] ?? lootbox),
    [mine, opened],
  )
  const available = lootboxes.filter((lootbox) => isLootboxAvailable(lootbox))
  const history = lootboxes.filter((lootbox) => !isLootboxAvailable(lootbox))

  async function open(lootbox: PlayerLootbox) {
    setOpeningId(lootbox.id)
    try {
      const [{ data: claim }] = await Promise.all([
        apiFetch<{ data: LootboxClaim }>(`/${locale}/lootbox/player/claim/${lootbox.id}`, {
          method: 'POST',
          body: {},
        }),
        sleep(prefersReducedMotion() ? 0 : OPENING_MS),
      ])
      setOpened((current) => ({ ...current, [lootbox.id]: claim.lootbox }))
      setRevealed(claim)
    } catch (caught) {
      // A toast, not a line on the card: an expired or already opened box leaves the list of
      // boxes to open once the list is read again.
      showToast({ tone: 'error', title: errorText(caught, t('lootboxes.open_failed')) })
      void revalidator.revalidate()
    } finally {
      setOpeningId(null)
    }
  }

  return (
    <div data-testid="lootboxes-page" className="flex flex-col gap-8">
      <PageHero hero={hero} title={t('pages.lootboxes.title')} intro={t('pages.lootboxes.intro')} />
      {isLoading ? (
        <CardGridSkeleton label={t('engagement.loading')} cards={3} />
      ) : (
        <>
          {player === null ? (
            <SignInCta title={t('lootboxes.sign_in_title')} text={t('lootboxes.sign_in_text')} />
          ) : (
            <section aria-labelledby="my-lootboxes" className="flex flex-col gap-4">
              <h2 id="my-lootboxes" className="text-xl font-bold text-ink">
                {t('lootboxes.mine')}
              </h2>
              {lootboxes.length === 0 ? (
                <div data-testid="lootboxes-empty">
                  <EmptyState
                    title={t('lootboxes.empty_title')}
                    text={t('lootboxes.empty_text')}
                    action={
                      <Link to={`/${locale}/shop/lootboxes/`} className="font-semibold text-gold">
                        {t('lootboxes.earn_shop_link')}
                      </Link>
                    }
                  />
                </div>
              ) : available.length === 0 ? (
                <p className="rounded-2xl border border-line bg-surface-raised p-4 text-sm text-ink-muted">
                  {t('lootboxes.none_to_open')}
                </p>
              ) : (
                <div className={CARD_GRID}>
                  {available.map((lootbox) => (
                    <LootboxCard
                      key={lootbox.id}
                      lootbox={lootbox}
                      kind={kindOf(lootbox.lootbox_id)}
                      isOpening={openingId === lootbox.id}
                      isBusy={openingId !== null}
                      onOpen={() => void open(lootbox)}
                    />
                  ))}
                </div>
              )}
              {history.length > 0 ? (
                <LootboxHistory history={history} kindOf={kindOf} locale={locale} />
              ) : null}
            </section>
          )}
          <Catalogue catalogue={catalogue} titleOf={titleOf} />
          <HowToEarn locale={locale} />
        </>
      )}
      <PageComponentsBody components={components} />
      {revealed ? (
        <PrizeDialog
          id={REVEAL_DIALOG}
          title={t('lootboxes.reveal_title', {
            title: titleOf(revealed.lootbox.lootbox_id) ?? t('rewards.prize.lootbox'),
          })}
          label={revealed.prize.label}
          prize={revealed.prize.prize}
          locale={locale}
          drawId={revealed.draw_id}
          lootboxTitle={titleOf}
          imageUrl={kindOf(revealed.lootbox.lootbox_id)?.image_url}
          onClosed={() => setRevealed(null)}
        />
      ) : null}
    </div>
  )
}

/** One lootbox waiting to be opened: its art, title, time left and the Open button. */
function LootboxCard({
  lootbox,
  kind,
  isOpening,
  isBusy,
  onOpen,
}: {
  lootbox: PlayerLootbox
  kind: LootboxDetails | undefined
  isOpening: boolean
  isBusy: boolean
  onOpen: () => void
}) {
  const { t } = useTranslation()
  return (
    <article
      data-testid={`lootbox-${lootbox.id}`}
      data-status={lootbox.status}
      className="flex flex-col items-center gap-3 rounded-2xl border border-gold/40 bg-gradient-to-b from-hero-glow/50 to-surface-raised p-5 text-center"
    >
      <img
        src={kind?.image_url}
        alt={kind?.image_alt ?? ''}
        width={128}
        height={128}
        className={`size-32 object-contain drop-shadow-xl ${isOpening ? 'motion-safe:animate-bounce' : ''}`}
      />
      <h3 className="text-lg font-bold text-ink">{kind?.title ?? t('rewards.prize.lootbox')}</h3>
      <TimeLeft endsAt={lootbox.expired_at} kind="ends" />
      <Button
        type="button"
        className="w-full"
        isBusy={isOpening}
        disabled={isBusy}
        onClick={onOpen}
        data-testid="lootbox-open"
      >
        {isOpening ? t('lootboxes.opening') : t('lootboxes.open')}
      </Button>
    </article>
  )
}

/** Opened and expired lootboxes, newest first as the server lists them, with what they gave. */
function LootboxHistory({
  history,
  kindOf,
  locale,
}: {
  history: PlayerLootbox[]
  kindOf: (lootboxId: number) => LootboxDetails | undefined
  locale: string
}) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  // Dates only once interactive: the server's time zone and the browser's differ.
  const isInteractive = useInteractive()
  const prizeText = usePrizeText((id) => kindOf(id)?.title)
  const date = (at: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(at))
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-bold text-ink">{t('lootboxes.history')}</h3>
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface-raised">
        {history.map((lootbox) => {
          const isOpened = lootbox.status === 'opened'
          return (
            <li
              key={lootbox.id}
              data-testid={`lootbox-${lootbox.id}`}
              data-status={isOpened ? 'opened' : 'expired'}
              className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
            >
              <img
                src={kindOf(lootbox.lootbox_id)?.image_url}
                alt=""
                width={40}
                height={40}
                className={`size-10 shrink-0 object-contain ${isOpened ? '' : 'opacity-50 grayscale'}`}
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-ink">
                  {kindOf(lootbox.lootbox_id)?.title ?? t('rewards.prize.lootbox')}
                </span>
                <span className="text-sm text-ink-muted" data-testid="lootbox-prize">
                  {isOpened && lootbox.prize
                    ? t('lootboxes.gave', { prize: prizeText(lootbox.prize.prize) })
                    : t('lootboxes.expired')}
                </span>
              </div>
              <span className="text-xs text-ink-muted tabular-nums">
                {isInteractive ? date(lootbox.opened_at ?? lootbox.expired_at) : null}
              </span>
              {lootbox.draw_id ? (
                <Link
                  to={`/${locale}/verify/?draw=${lootbox.draw_id}`}
                  className="text-sm font-semibold text-gold underline-offset-4 hover:underline"
                >
                  {t('rewards.fair.verify_short')}
                </Link>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Every kind of lootbox with its published odds table. */
function Catalogue({
  catalogue,
  titleOf,
}: {
  catalogue: LootboxDetails[]
  titleOf: (lootboxId: number) => string | undefined
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="lootbox-kinds" className="flex flex-col gap-4">
      <h2 id="lootbox-kinds" className="text-xl font-bold text-ink">
        {t('lootboxes.kinds')}
      </h2>
      {catalogue.length === 0 ? (
        <EmptyState title={t('lootboxes.kinds_empty')} />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {catalogue.map((kind) => (
            <article
              key={kind.api_lootbox_id}
              data-testid={`lootbox-kind-${kind.slug}`}
              className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
            >
              <div className="flex items-center gap-4">
                <img
                  src={kind.image_url}
                  alt={kind.image_alt}
                  width={80}
                  height={80}
                  className="size-20 shrink-0 object-contain"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <h3 className="text-lg font-bold text-ink">{kind.title}</h3>
                  <p className="text-sm text-ink-muted">{kind.text}</p>
                  <p className="text-xs text-ink-muted">
                    {t('lootboxes.valid_days', { count: kind.valid_days })}
                  </p>
                </div>
              </div>
              <OddsTable
                caption={t('rewards.odds.lootbox_caption', { title: kind.title })}
                entries={kind.prizes}
                lootboxTitle={titleOf}
              />
            </article>
          ))}
        </div>
      )}
    </section>
  )
}

/** Where lootboxes come from: new levels, quests and the shop. */
function HowToEarn({ locale }: { locale: string }) {
  const { t } = useTranslation()
  const ways = [
    { key: 'levels', href: `/${locale}/loyalty/` },
    { key: 'quests', href: `/${locale}/quests/` },
    { key: 'shop', href: `/${locale}/shop/lootboxes/` },
  ] as const
  return (
    <section aria-labelledby="lootbox-earn" className="flex flex-col gap-4">
      <h2 id="lootbox-earn" className="text-xl font-bold text-ink">
        {t('lootboxes.earn_title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {ways.map((way) => (
          <li key={way.key}>
            <Link
              to={way.href}
              className="flex h-full flex-col gap-1 rounded-2xl border border-line bg-surface-raised p-4 hover:border-gold/60"
            >
              <span className="font-semibold text-ink">{t(`lootboxes.earn_${way.key}_title`)}</span>
              <span className="text-sm text-ink-muted">{t(`lootboxes.earn_${way.key}_text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export { EngagementError as ErrorBoundary }
