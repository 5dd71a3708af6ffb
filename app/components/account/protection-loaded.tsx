import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { ApiError } from '#app/lib/api.ts'
import { useProtection, type ProtectionState } from '#app/lib/use-protection.ts'
import { fieldErrorsOf } from './form-errors.ts'

/**
 * A Safer play card's body once the player's protection state is in: placeholders while it
 * loads, the failure with a retry when it could not be, else `children` with the state.
 */
export function ProtectionLoaded({
  children,
  rows = 2,
}: {
  children: (state: ProtectionState) => ReactNode
  rows?: number
}) {
  const { t } = useTranslation()
  const { status, protection, reload } = useProtection()
  if (protection) return children(protection)
  if (status === 'error') {
    return (
      <LoadError
        text={t('protection.load_failed')}
        retryLabel={t('common.retry')}
        onRetry={() => void reload()}
      />
    )
  }
  return (
    <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={index === 0 ? 'h-5 w-2/3' : 'h-10 w-full rounded-xl'} />
      ))}
    </div>
  )
}

/**
 * Where a refusal of a call that takes the password goes: a wrong password beside the password
 * field (as the profile's password calls answer it: a field error, or a code of its own), anything
 * else above the form.
 */
export function passwordRefusal(error: unknown): { password?: string } {
  const fields = fieldErrorsOf(error)
  const onField = fields.password ?? fields.current_password
  if (onField) return { password: onField }
  if (error instanceof ApiError && /password_(incorrect|invalid)$/.test(error.code)) {
    return { password: error.message }
  }
  return {}
}

/** A note with a gold edge: a waiting change, a break in force, what a choice means. */
export function Note({
  children,
  testId,
  tone = 'info',
}: {
  children: ReactNode
  testId?: string
  tone?: 'info' | 'warning'
}) {
  return (
    <div
      data-testid={testId}
      className={`rounded-xl border-s-4 px-3 py-2.5 text-sm text-ink ${tone === 'warning' ? 'border-danger bg-danger/5' : 'border-gold bg-gold/10'}`}
    >
      {children}
    </div>
  )
}
