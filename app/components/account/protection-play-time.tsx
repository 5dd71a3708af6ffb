import { useId, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useProtection, type ProtectionState } from '#app/lib/use-protection.ts'
import { showToast } from '#app/state/toast-store.ts'
import { formatDuration } from '#common/duration.ts'
import { PLAY_TIME_LIMIT_MAX_MINUTES, PLAY_TIME_LIMIT_MIN_MINUTES } from '#common/protection.ts'
import { AccountPanel } from './account-panel.tsx'
import { messageOf } from './form-errors.ts'
import { Note, ProtectionLoaded } from './protection-loaded.tsx'
import { formatMoment, parsePlayTimeMinutes } from './protection-rules.ts'

/**
 * The daily play-time limit: minutes of play in any 24 hours (counted from real-money bets), what
 * was played in the last 24 hours, and a raise or removal waiting its 24 hours. The server ends
 * play once the limit is reached.
 */
export function PlayTimePanel({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  return (
    <AccountPanel
      id="play-time"
      title={t('protection.play_time.title')}
      description={t('protection.play_time.text')}
    >
      <ProtectionLoaded>
        {(state) => <PlayTimeBody playTime={state.play_time} localeTag={localeTag} />}
      </ProtectionLoaded>
    </AccountPanel>
  )
}

export function PlayTimeBody({
  playTime,
  localeTag,
}: {
  playTime: ProtectionState['play_time']
  localeTag: string
}) {
  const { t } = useTranslation()
  const { send } = useProtection()
  const [isEditing, setIsEditing] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [isBusy, setIsBusy] = useState(false)
  const hintId = useId()
  const limit = playTime.limit_minutes
  const minutes = (value: number) => formatDuration(value * 60, localeTag)
  const usedShare =
    limit === null ? 0 : Math.min(100, Math.floor((playTime.used_seconds * 100) / (limit * 60)))

  const save = async (value: number | null) => {
    setIsBusy(true)
    setError(undefined)
    try {
      const state = await send('play-time', { method: 'PUT', body: { minutes: value } })
      setIsEditing(false)
      const waits = state.play_time.pending_from !== null
      showToast({
        tone: 'success',
        title: t(waits ? 'protection.play_time.saved_waiting' : 'protection.play_time.saved'),
        autoClose: 'short',
      })
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = parsePlayTimeMinutes(text)
    if ('problem' in parsed) {
      setError(
        t(`protection.play_time.${parsed.problem}`, {
          min: PLAY_TIME_LIMIT_MIN_MINUTES,
          max: PLAY_TIME_LIMIT_MAX_MINUTES,
        }),
      )
      return
    }
    void save(parsed.minutes)
  }

  return (
    <div className="flex flex-col gap-3" data-testid="play-time">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm text-ink-muted">{t('protection.play_time.limit_label')}</span>
        <span className="text-base font-bold text-ink" data-testid="play-time-limit">
          {limit === null ? t('protection.play_time.none') : minutes(limit)}
        </span>
      </div>
      {limit !== null ? (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-line"
          role="progressbar"
          aria-label={t('protection.play_time.used_label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={usedShare}
        >
          <div className="h-full rounded-full bg-gold" style={{ width: `${String(usedShare)}%` }} />
        </div>
      ) : null}
      <p className="text-sm text-ink-muted" data-testid="play-time-used">
        {playTime.used_seconds > 0
          ? t('protection.play_time.used', {
              duration: formatDuration(playTime.used_seconds, localeTag),
            })
          : t('protection.play_time.used_none')}
      </p>
      {playTime.pending_from !== null ? (
        <Note testId="play-time-pending">
          {playTime.pending_minutes === null
            ? t('protection.play_time.pending_removal', {
                date: formatMoment(playTime.pending_from, localeTag),
              })
            : t('protection.play_time.pending_raise', {
                duration: minutes(playTime.pending_minutes),
                date: formatMoment(playTime.pending_from, localeTag),
              })}
        </Note>
      ) : null}
      {isEditing ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
            {t('protection.play_time.minutes_label')}
            <input
              name="minutes"
              inputMode="numeric"
              dir="ltr"
              autoFocus
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={hintId}
              onChange={(event) => setText(event.target.value)}
              className="min-h-11 max-w-48 rounded-xl border border-line bg-surface px-3.5 text-base text-ink tabular-nums focus:border-gold focus:outline-none aria-invalid:border-danger"
            />
          </label>
          <p id={hintId} className="text-xs text-ink-muted">
            {t('protection.play_time.hint', {
              min: PLAY_TIME_LIMIT_MIN_MINUTES,
              max: PLAY_TIME_LIMIT_MAX_MINUTES,
            })}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isBusy={isBusy}>
              {t('cashier.limits.save')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setIsEditing(false)
                setError(undefined)
              }}
            >
              {t('cashier.limits.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setText(limit === null ? '' : String(limit))
              setError(undefined)
              setIsEditing(true)
            }}
          >
            {limit === null ? t('cashier.limits.set') : t('cashier.limits.change')}
          </Button>
          {limit !== null && playTime.pending_from === null ? (
            <Button type="button" variant="ghost" isBusy={isBusy} onClick={() => void save(null)}>
              {t('cashier.limits.remove')}
            </Button>
          ) : null}
        </div>
      )}
      {!isEditing && error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-ink-muted">{t('cashier.limits.rule')}</p>
    </div>
  )
}
