import { useId, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useProtection, type ProtectionState } from '#app/lib/use-protection.ts'
import { showToast } from '#app/state/toast-store.ts'
import { formatDuration } from '#common/duration.ts'
import { AccountPanel } from './account-panel.tsx'
import { messageOf } from './form-errors.ts'
import { Note, ProtectionLoaded } from './protection-loaded.tsx'
import { formatMoment, realityCheckChoices } from './protection-rules.ts'

/**
 * The reality check: how often a reminder of the time played and the net result since sign-in
 * interrupts play (the game waits for the answer). Where the player's jurisdiction keeps it on,
 * "off" is not offered.
 */
export function RealityCheckPanel({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  return (
    <AccountPanel
      id="reality-check"
      title={t('protection.reality_check.title')}
      description={t('protection.reality_check.text')}
    >
      <ProtectionLoaded>
        {(state) => (
          <RealityCheckBody
            // A new answer from the server resets the choice on screen to what is in force.
            key={String(state.reality_check.minutes)}
            realityCheck={state.reality_check}
            localeTag={localeTag}
          />
        )}
      </ProtectionLoaded>
    </AccountPanel>
  )
}

const OFF = 'off'

export function RealityCheckBody({
  realityCheck,
  localeTag,
}: {
  realityCheck: ProtectionState['reality_check']
  localeTag: string
}) {
  const { t } = useTranslation()
  const { send } = useProtection()
  const selectId = useId()
  const inForce = realityCheck.minutes === null ? OFF : String(realityCheck.minutes)
  const [choice, setChoice] = useState(inForce)
  const [error, setError] = useState<string | undefined>()
  const [isBusy, setIsBusy] = useState(false)
  const choices = realityCheckChoices(realityCheck)
  const interval = (minutes: number) => formatDuration(minutes * 60, localeTag)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsBusy(true)
    setError(undefined)
    try {
      await send('reality-check', {
        method: 'PUT',
        body: { minutes: choice === OFF ? null : Number.parseInt(choice, 10) },
      })
      showToast({ tone: 'success', title: t('protection.reality_check.saved'), autoClose: 'short' })
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3"
      data-testid="reality-check"
    >
      <p className="text-sm text-ink" data-testid="reality-check-status">
        {realityCheck.minutes === null
          ? t('protection.reality_check.status_off')
          : realityCheck.due_at === null
            ? t('protection.reality_check.status_on', {
                interval: interval(realityCheck.minutes),
              })
            : t('protection.reality_check.status_due', {
                interval: interval(realityCheck.minutes),
                date: formatMoment(realityCheck.due_at, localeTag),
              })}
      </p>
      {!realityCheck.optional ? (
        <Note testId="reality-check-required">{t('protection.reality_check.required')}</Note>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          {t('protection.reality_check.interval_label')}
        </label>
        <select
          id={selectId}
          name="minutes"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="min-h-11 max-w-xs rounded-xl border border-line bg-surface px-3.5 text-base text-ink focus:border-gold focus:outline-none"
        >
          {choices.map((minutes) =>
            minutes === null ? (
              <option key={OFF} value={OFF}>
                {t('protection.reality_check.off')}
              </option>
            ) : (
              <option key={minutes} value={String(minutes)}>
                {interval(minutes)}
              </option>
            ),
          )}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" isBusy={isBusy} disabled={isBusy || choice === inForce}>
          {t('cashier.limits.save')}
        </Button>
      </div>
    </form>
  )
}
