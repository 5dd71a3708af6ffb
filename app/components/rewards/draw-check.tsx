import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { errorText } from '#app/lib/fairness-play.ts'
import { checkLotteryDraw, checkRewardDraw, type DrawVerdict } from '#app/lib/fairness.ts'
import type { Lottery, RewardDrawSchema } from '#server/modules/rewards/rewards.contract.ts'
import { usePrizeText } from './prize-text.ts'

type RewardDraw = z.infer<typeof RewardDrawSchema>

/** Where the player reveals the server seed: rotating the pair the Originals and rewards share. */
const ROTATE_PATH = '/games/originals/seeds/rotate'

/**
 * A wheel spin or a lootbox opening (`?draw=`) recomputed in the browser: the first uint32 of its
 * stream by the published weights must give the recorded entry, and the revealed server seed must
 * hash to the one committed before the draw. Until the player rotates the seed pair the seed is
 * secret, and the check offers the rotation.
 */
export function RewardDrawCheck({ id, locale }: { id: string; locale: string }) {
  const { t } = useTranslation()
  const prizeText = usePrizeText()
  const [draw, setDraw] = useState<RewardDraw | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checked, setChecked] = useState<{ verdict: DrawVerdict; index: number | null } | null>(
    null,
  )
  const [isRotating, setRotating] = useState(false)

  async function load(isCurrent: () => boolean) {
    try {
      const { data } = await apiFetch<{ data: RewardDraw }>(`/${locale}/rewards/draws/${id}`)
      const result = await checkRewardDraw(data)
      if (!isCurrent()) return
      setDraw(data)
      setChecked(result)
      setError(null)
    } catch (caught) {
      if (isCurrent()) setError(errorText(caught, t('verify.load_failed')))
    }
  }

  useEffect(() => {
    let isCurrent = true
    void load(() => isCurrent)
    return () => {
      isCurrent = false
    }
  }, [id, locale])

  async function rotate() {
    setRotating(true)
    try {
      await apiFetch(ROTATE_PATH, { method: 'POST', body: {} })
      await load(() => true)
    } catch (caught) {
      setError(errorText(caught, t('verify.load_failed')))
    } finally {
      setRotating(false)
    }
  }

  if (error) return <LoadError text={error} />
  if (!draw || !checked) return <Loading />
  const { verdict } = checked
  const entryLabel = (index: number) =>
    index === draw.index ? draw.prize.label : t('verify.entry_number', { number: index + 1 })
  return (
    <section
      aria-labelledby="draw-check-title"
      data-testid="draw-check"
      className="mb-8 flex flex-col gap-4"
    >
      <h2 id="draw-check-title" className="text-lg font-bold text-ink">
        {t(`verify.draw_${draw.kind}`)}
      </h2>
      <VerdictBox
        verdict={verdict}
        text={verdict === 'pending' ? t('verify.draw_pending_text') : null}
        action={
          verdict === 'pending' ? (
            <Button
              type="button"
              isBusy={isRotating}
              onClick={() => void rotate()}
              data-testid="draw-rotate"
            >
              {t('verify.rotate')}
            </Button>
          ) : null
        }
      />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label={t('verify.recorded')} testId="draw-recorded">
          {draw.prize.label}
          <span className="block text-sm font-normal text-ink-muted">
            {prizeText(draw.prize.prize)}
          </span>
        </Fact>
        <Fact label={t('verify.computed')} testId="draw-computed">
          {checked.index === null ? '–' : entryLabel(checked.index)}
        </Fact>
        <Fact label={t('verify.server_seed_hash')} mono>
          {draw.server_seed_hash}
        </Fact>
        <Fact label={t('verify.server_seed')} mono>
          {draw.server_seed ?? '–'}
        </Fact>
        <Fact label={t('verify.client_seed')} mono>
          {draw.client_seed}
        </Fact>
        <Fact label={t('verify.nonce')} mono>
          {draw.nonce}
        </Fact>
      </dl>
      <p className="text-sm text-ink-muted">{t('verify.draw_how')}</p>
    </section>
  )
}

/**
 * A lottery's draw (`?lottery=`) recomputed in the browser: its winning tickets from the seeds'
 * stream at nonce 0, against the published winners, and the server seed against the hash
 * committed before the ticket sales closed.
 */
export function LotteryCheck({ id, locale }: { id: number; locale: string }) {
  const { t } = useTranslation()
  const [lottery, setLottery] = useState<Lottery | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checked, setChecked] = useState<Awaited<ReturnType<typeof checkLotteryDraw>> | null>(null)

  useEffect(() => {
    let isCurrent = true
    // A function, not the flag itself: the cleanup below flips it while the checks await.
    const current = () => isCurrent
    void (async () => {
      try {
        const { data } = await apiFetch<{ data: { lotteries: Lottery[] } }>(
          `/${locale}/lottery/get-recent-lotteries`,
        )
        const found = data.lotteries.find((candidate) => candidate.id === id)
        if (!found) {
          if (current()) setError(t('verify.lottery_not_found'))
          return
        }
        const result = await checkLotteryDraw(found)
        if (!current()) return
        setLottery(found)
        setChecked(result)
      } catch (caught) {
        if (current()) setError(errorText(caught, t('verify.load_failed')))
      }
    })()
    return () => {
      isCurrent = false
    }
  }, [id, locale, t])

  if (error) return <LoadError text={error} />
  if (!lottery || !checked) return <Loading />
  const { verdict, published } = checked
  const tickets = (numbers: number[]) =>
    numbers.length > 0 ? numbers.map((number) => `#${String(number)}`).join(', ') : '–'
  return (
    <section
      aria-labelledby="lottery-check-title"
      data-testid="lottery-check"
      className="mb-8 flex flex-col gap-4"
    >
      <h2 id="lottery-check-title" className="text-lg font-bold text-ink">
        {t('verify.lottery_title', { title: lottery.title })}
      </h2>
      <VerdictBox
        verdict={verdict}
        text={verdict === 'pending' ? t('verify.lottery_pending_text') : null}
      />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label={t('verify.winners_published')} testId="lottery-published" mono>
          {tickets(published)}
        </Fact>
        <Fact label={t('verify.computed')} testId="lottery-computed" mono>
          {checked.tickets ? tickets(checked.tickets) : '–'}
        </Fact>
        <Fact label={t('verify.tickets_sold')}>{lottery.ticket_count}</Fact>
        <Fact label={t('verify.server_seed_hash')} mono>
          {lottery.server_seed_hash}
        </Fact>
        <Fact label={t('verify.server_seed')} mono>
          {lottery.server_seed ?? '–'}
        </Fact>
        <Fact label={t('verify.client_seed')} mono>
          {lottery.client_seed ?? '–'}
        </Fact>
      </dl>
      <p className="text-sm text-ink-muted">{t('verify.lottery_how')}</p>
    </section>
  )
}

function VerdictBox({
  verdict,
  text,
  action = null,
}: {
  verdict: DrawVerdict
  text: string | null
  action?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div
      data-testid="verify-result"
      data-verdict={verdict}
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-2xl border p-4 ${
        verdict === 'verified'
          ? 'border-success/60 bg-success/10 text-success'
          : verdict === 'pending'
            ? 'border-line bg-surface-raised text-ink-muted'
            : 'border-danger/60 bg-danger/10 text-danger'
      }`}
    >
      <span aria-hidden="true" className="text-2xl">
        {verdict === 'verified' ? '✓' : verdict === 'pending' ? '…' : '✗'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-extrabold">{t(`verify.draw_verdict_${verdict}`)}</p>
        {text ? <p className="text-sm">{text}</p> : null}
      </div>
      {action}
    </div>
  )
}

function Fact({
  label,
  children,
  mono = false,
  testId,
}: {
  label: string
  children: ReactNode
  mono?: boolean
  testId?: string
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface-raised p-4">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd
        className={`mt-1 font-bold break-words text-ink ${mono ? 'font-mono text-xs break-all' : ''}`}
        data-testid={testId}
        dir={mono ? 'ltr' : undefined}
      >
        {children}
      </dd>
    </div>
  )
}

function LoadError({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="mb-6 rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger"
    >
      {text}
    </p>
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <p role="status" className="mb-6 text-sm text-ink-muted">
      {t('engagement.loading')}
    </p>
  )
}
