import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/wheel'
import { progressPercent, triggerAmount } from '#app/components/engagement/format.ts'
import {
  EngagementError,
  PageComponentsBody,
  PageHero,
  ProgressBar,
  SignInCta,
} from '#app/components/engagement/engagement-ui.tsx'
import { FairnessLine, OddsTable } from '#app/components/rewards/odds-table.tsx'
import {
  loadLootboxCatalogue,
  loadRewardsPageComponents,
  loadWheel,
  type Wheel,
} from '#app/components/rewards/rewards-data.ts'
import { PrizeDialog } from '#app/components/rewards/prize-dialog.tsx'
import { landingRotation, SPIN_MS, WheelArt } from '#app/components/rewards/wheel-art.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { errorText, prefersReducedMotion, sleep, useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useLiveWheel, useSeedWheel, useWheelStore } from '#app/state/wheel-store.ts'
import { isPathOn } from '#common/features.ts'
import { canSpin, winningIndex } from '#common/rewards-rules.ts'
import type { WheelSpinSchema } from '#server/modules/rewards/rewards.contract.ts'
import type { z } from 'zod'

type WheelSpin = z.infer<typeof WheelSpinSchema>

/**
 * The offered wheel (null: none, the empty state), the page's components, and the lootboxes'
 * titles for segments that give one.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const [wheel, components, lootboxes] = await Promise.all([
    loadWheel(context, params.locale),
    loadRewardsPageComponents(context, params.locale, 'fortune-wheel'),
    loadLootboxCatalogue(context, params.locale),
  ])
  const lootboxTitles = Object.fromEntries(
    lootboxes.map((kind) => [kind.api_lootbox_id, kind.title] as const),
  )
  return { wheel, components, lootboxTitles }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.wheel.title')

const RESULT_DIALOG = 'wheel-result'

export default function WheelPage({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/wheel/')
  const { wheel, components, lootboxTitles } = loaderData
  const lootboxTitle = useCallback((id: number) => lootboxTitles[id], [lootboxTitles])
  useSeedWheel(wheel)
  const hero = components.find((component) => component.kind === 'hero')
  return (
    <div data-testid="wheel-page" className="flex flex-col gap-6">
      <PageHero hero={hero} title={t('pages.wheel.title')} intro={t('pages.wheel.intro')} />
      {isLoading ? (
        <WheelSkeleton label={t('engagement.loading')} />
      ) : wheel === null ? (
        <div data-testid="wheel-empty">
          <EmptyState title={t('wheel.empty_title')} text={t('wheel.empty_text')} />
        </div>
      ) : (
        <WheelSection wheel={wheel} locale={params.locale} lootboxTitle={lootboxTitle} />
      )}
      <PageComponentsBody components={components} />
    </div>
  )
}

function WheelSection({
  wheel: fromPage,
  locale,
  lootboxTitle,
}: {
  wheel: Wheel
  locale: string
  lootboxTitle: (lootboxId: number) => string | undefined
}) {
  const { t } = useTranslation()
  const { player } = useRootData()
  const revalidator = useRevalidator()
  // A spin's answer carries the wheel after it (the next nonce), newer than the page's until the
  // page's data is read again.
  const [spunWheel, setSpunWheel] = useState<Wheel | null>(null)
  useEffect(() => setSpunWheel(null), [fromPage])
  const wheel = useLiveWheel(spunWheel ?? fromPage)
  const [rotation, setRotation] = useState(0)
  const [isSpinning, setSpinning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<WheelSpin | null>(null)
  const [lastDraw, setLastDraw] = useState<string | null>(null)
  const rotationRef = useRef(0)

  async function spin() {
    setSpinning(true)
    setError(null)
    try {
      const { data: spun } = await apiFetch<{ data: WheelSpin }>(`/${locale}/fortune-wheel/spin`, {
        sendsCsrf: true,
      })
      const index = winningIndex(wheel.bonuses, spun.bonus.bonus_id)
      const next = landingRotation(
        rotationRef.current,
        Math.max(index, 0),
        wheel.bonuses.length,
        Math.random() - 0.5,
      )
      rotationRef.current = next
      setRotation(next)
      await sleep(prefersReducedMotion() ? 0 : SPIN_MS)
      setSpunWheel(spun.wheel)
      useWheelStore.getState().set(spun.wheel.id, {
        progress: spun.wheel.progress,
        player_can_spin: spun.wheel.player_can_spin,
        spins_available: spun.wheel.spins_available,
      })
      setLastDraw(spun.draw_id)
      setResult(spun)
    } catch (caught) {
      setError(errorText(caught, t('wheel.spin_failed')))
      // The wheel may have changed under the page (a spin used elsewhere): read it again.
      void revalidator.revalidate()
    } finally {
      setSpinning(false)
    }
  }

  const isAllowed = canSpin(wheel)
  return (
    <section
      aria-labelledby="wheel-title"
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
    >
      <div className="flex flex-col gap-5 rounded-3xl border border-line bg-surface-raised p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id="wheel-title" className="text-xl font-bold text-ink">
            {wheel.title}
          </h2>
          {wheel.text ? <p className="text-sm text-ink-muted">{wheel.text}</p> : null}
        </div>
        <WheelArt
          segments={wheel.bonuses}
          rotation={rotation}
          spinning={isSpinning}
          label={t('wheel.art_label', { count: wheel.bonuses.length })}
        />
        {player ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col items-center gap-2">
              <Button
                type="button"
                className="w-full max-w-xs text-base"
                disabled={!isAllowed || isSpinning}
                isBusy={isSpinning}
                onClick={() => void spin()}
                data-testid="wheel-spin"
              >
                {isSpinning ? t('wheel.spinning') : t('wheel.spin')}
              </Button>
              <p
                className="text-sm text-ink-muted"
                data-testid="wheel-spins"
                data-spins={wheel.spins_available}
                aria-live="polite"
              >
                {wheel.spins_available > 0
                  ? t('wheel.spins_waiting', { count: wheel.spins_available })
                  : isAllowed
                    ? t('wheel.spin_ready')
                    : t('wheel.no_spins')}
              </p>
              {error ? (
                <p
                  role="alert"
                  className="text-sm font-semibold text-danger"
                  data-testid="wheel-error"
                >
                  {error}
                </p>
              ) : null}
            </div>
            <WheelProgress wheel={wheel} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-4">
        {player ? null : (
          <SignInCta title={t('wheel.sign_in_title')} text={t('wheel.sign_in_text')} />
        )}
        <OddsTable
          caption={t('rewards.odds.wheel_caption')}
          entries={wheel.bonuses}
          lootboxTitle={lootboxTitle}
          testId="wheel-odds"
        />
        <FairnessLine
          seed={wheel.seed}
          verifyHref={lastDraw ? `/${locale}/verify/?draw=${lastDraw}` : null}
        />
      </div>
      {result ? (
        <PrizeDialog
          id={RESULT_DIALOG}
          title={t('wheel.result_title')}
          label={result.bonus.label}
          prize={result.bonus.prize}
          locale={locale}
          drawId={result.draw_id}
          lootboxTitle={lootboxTitle}
          onClosed={() => setResult(null)}
        />
      ) : null}
    </section>
  )
}

/** The bar toward the next spin: euros wagered with real money, of what a spin takes. */
function WheelProgress({ wheel }: { wheel: Wheel }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const { progress, expected } = wheel.progress
  const values = {
    progress: triggerAmount(Math.min(progress, expected), 'eur', tag),
    expected: triggerAmount(expected, 'eur', tag),
  }
  const percent = progressPercent(wheel.progress)
  return (
    <div className="flex flex-col gap-1.5" data-testid="wheel-progress" data-progress={progress}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-ink-muted">{t('wheel.progress_label')}</span>
        <span
          className="font-semibold text-ink tabular-nums"
          dir="ltr"
          data-testid="wheel-progress-text"
        >
          <bdi>{values.progress}</bdi> / <bdi>{values.expected}</bdi>
        </span>
      </div>
      <ProgressBar
        percent={percent}
        label={t('wheel.progress_label')}
        valueText={t('engagement.progress_sr', values)}
        isDone={percent >= 100}
      />
      <p className="text-xs text-ink-muted">
        {t('wheel.progress_hint', { amount: values.expected })}
      </p>
    </div>
  )
}

function WheelSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]"
    >
      <Skeleton className="aspect-square w-full max-w-[26rem] justify-self-center rounded-full" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    </div>
  )
}

export { EngagementError as ErrorBoundary }
