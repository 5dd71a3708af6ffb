import { useId, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useProtection, type ProtectionState } from '#app/lib/use-protection.ts'
import { showToast } from '#app/state/toast-store.ts'
import { FEATURES } from '#common/features.ts'
import { BREAK_KINDS, type BreakKind, type BreakPeriod } from '#common/protection.ts'
import { AccountPanel } from './account-panel.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { messageOf } from './form-errors.ts'
import { Note, ProtectionLoaded, passwordRefusal } from './protection-loaded.tsx'
import {
  breakConfirmation,
  breakPeriodsOffered,
  breakStatusOf,
  formatMoment,
} from './protection-rules.ts'

type Break = NonNullable<ProtectionState['break']>

/** The kinds of break this installation offers (`common/features.ts`). */
const KINDS_ON = BREAK_KINDS.filter((kind) =>
  kind === 'time_out' ? FEATURES.timeOut : FEATURES.selfExclusion,
)

/**
 * Take a break: a time-out (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years), in
 * force at once and never shortened. While one is in force the card says which and until when;
 * a self-exclusion whose period has run offers its lapse, which reopens play 24 hours later.
 */
export function BreakPanel({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  return (
    <AccountPanel
      id="take-a-break"
      title={t('protection.break.title')}
      description={t('protection.break.text')}
    >
      <ProtectionLoaded rows={3}>
        {(state) => <BreakBody current={state.break} localeTag={localeTag} />}
      </ProtectionLoaded>
    </AccountPanel>
  )
}

export function BreakBody({ current, localeTag }: { current: Break | null; localeTag: string }) {
  const now = new Date()
  const offered = KINDS_ON.filter((kind) => breakPeriodsOffered(kind, current, now).length > 0)
  return (
    <div className="flex flex-col gap-4" data-testid="take-a-break">
      {current ? <BreakInForce current={current} localeTag={localeTag} /> : null}
      {offered.length > 0 ? (
        <BreakForm
          // A break started or extended shows a fresh form (its choices depend on the break).
          key={current?.until ?? 'none'}
          current={current}
          kinds={offered}
          localeTag={localeTag}
        />
      ) : null}
    </div>
  )
}

function BreakInForce({ current, localeTag }: { current: Break; localeTag: string }) {
  const { t } = useTranslation()
  const status = breakStatusOf(current)
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-gold/50 bg-gold/10 p-4"
      data-testid="break-in-force"
      data-kind={current.kind}
    >
      <p className="text-sm font-bold text-ink">{t(`protection.break.in_force.${current.kind}`)}</p>
      <p className="text-sm text-ink">
        {status.kind === 'self_exclusion_lapsing'
          ? t('protection.break.status.self_exclusion_lapsing', {
              date: formatMoment(status.opensAt, localeTag),
            })
          : t(`protection.break.status.${status.kind}`, {
              date: formatMoment(status.until, localeTag),
            })}
      </p>
      <p className="text-xs text-ink-muted">{t('protection.break.in_force_rules')}</p>
      {status.kind === 'self_exclusion_run' ? <LapseRequest /> : null}
    </div>
  )
}

/** The explicit request that ends a self-exclusion whose period has run, 24 hours later. */
function LapseRequest() {
  const { t } = useTranslation()
  const { send } = useProtection()
  const [isConfirming, setIsConfirming] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const request = async () => {
    setIsBusy(true)
    setError(undefined)
    try {
      await send('lapse', { method: 'POST' })
      showToast({ tone: 'success', title: t('protection.break.lapse_requested') })
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink">{t('protection.break.lapse_text')}</p>
      {isConfirming ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" isBusy={isBusy} onClick={() => void request()}>
            {t('protection.break.lapse_confirm')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setIsConfirming(false)}>
            {t('protection.break.back')}
          </Button>
        </div>
      ) : (
        <div>
          <Button type="button" variant="secondary" onClick={() => setIsConfirming(true)}>
            {t('protection.break.lapse_ask')}
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function BreakForm({
  current,
  kinds,
  localeTag,
}: {
  current: Break | null
  kinds: readonly BreakKind[]
  localeTag: string
}) {
  const { t } = useTranslation()
  const { send } = useProtection()
  const [kind, setKind] = useState<BreakKind>(kinds[0] ?? 'time_out')
  const [period, setPeriod] = useState<BreakPeriod | null>(null)
  const [step, setStep] = useState<'choose' | 'confirm'>('choose')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ period?: string; password?: string; form?: string }>({})
  const [isBusy, setIsBusy] = useState(false)
  const periodErrorId = useId()
  const periods = breakPeriodsOffered(kind, current, new Date())

  const next = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (period === null || !periods.includes(period)) {
      setErrors({ period: t('protection.break.period_required') })
      return
    }
    setErrors({})
    setPassword('')
    setStep('confirm')
  }
  const start = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (period === null) return
    if (!password) {
      setErrors({ password: t('account.security.required') })
      return
    }
    setIsBusy(true)
    setErrors({})
    try {
      await send('break', { method: 'POST', body: { kind, period, password } })
      showToast({ tone: 'success', title: t(`protection.break.started.${kind}`) })
    } catch (caught) {
      const refusal = passwordRefusal(caught)
      setErrors(
        refusal.password ? refusal : { form: messageOf(caught, t('auth.something_went_wrong')) },
      )
      setIsBusy(false)
    }
  }

  if (step === 'confirm' && period !== null) {
    return (
      <form
        noValidate
        onSubmit={(event) => void start(event)}
        className="flex flex-col gap-3"
        data-testid="break-confirm"
      >
        <h3 className="text-base font-semibold text-ink">
          {t(`protection.break.confirm_title.${kind}`)}
        </h3>
        <Note tone="warning" testId="break-confirm-text">
          <p className="font-semibold">
            {breakConfirmation(kind, period, new Date(), t, localeTag)}
          </p>
          <p className="mt-1">{t('protection.break.confirm_final')}</p>
        </Note>
        <CurrentPasswordField
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={t('protection.break.password_hint')}
        />
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isBusy={isBusy}>
            {t(`protection.break.start.${kind}`)}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setStep('choose')}>
            {t('protection.break.back')}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <form noValidate onSubmit={next} className="flex flex-col gap-4" data-testid="break-choose">
      {current ? (
        <p className="text-sm font-semibold text-ink">{t('protection.break.longer')}</p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">
          {t('protection.break.kind_label')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {kinds.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer gap-3 rounded-xl border border-line bg-surface p-3 has-checked:border-gold has-checked:bg-gold/5"
            >
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option)
                  setPeriod(null)
                  setErrors({})
                }}
                className="mt-1 size-4 shrink-0 accent-gold"
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-semibold text-ink">
                  {t(`protection.break.kinds.${option}`)}
                </span>
                <span className="text-xs text-ink-muted">
                  {t(`protection.break.kind_text.${option}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.period ? periodErrorId : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-ink">
          {t('protection.break.period_label')}
        </legend>
        <div className="flex flex-wrap gap-2" data-testid="break-periods">
          {periods.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-3.5 text-sm text-ink has-checked:border-gold has-checked:bg-gold/5"
            >
              <input
                type="radio"
                name="period"
                value={option}
                checked={period === option}
                onChange={() => {
                  setPeriod(option)
                  setErrors({})
                }}
                className="size-4 accent-gold"
              />
              {t(`protection.periods.${option}`)}
            </label>
          ))}
        </div>
        {errors.period ? (
          <p id={periodErrorId} className="text-xs text-danger">
            {errors.period}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-ink">{t('protection.break.means_title')}</p>
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-ink-muted">
          <li>{t('protection.break.means.no_play')}</li>
          <li>{t('protection.break.means.balance')}</li>
          <li>{t('protection.break.means.final')}</li>
          <li>{t(`protection.break.means.ends.${kind}`)}</li>
        </ul>
      </div>
      <div>
        <Button type="submit" variant="secondary">
          {t('protection.break.continue')}
        </Button>
      </div>
    </form>
  )
}
