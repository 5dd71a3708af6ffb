import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { apiFetch, ApiError } from '#app/lib/api.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'

/**
 * Claims a promotion's bonus code. Signed in: `POST /bonus/activate-code`, and the answer (or the
 * server's refusal, already in the player's language) is shown beside the button and as a toast.
 * Signed out: opens sign-in, since a bonus belongs to an account.
 */
export function ClaimButton({ code, className = '' }: { code: string; className?: string }) {
  const { t } = useTranslation()
  const root = useOptionalRootData()
  const { linkTo } = useDialog()
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'error'; message: string }
  >({ kind: 'idle' })

  if (!root?.player) {
    return (
      <Link
        {...linkTo(DIALOGS.login)}
        className={`${buttonClassName('primary')} ${className}`}
        data-testid="promotion-claim"
      >
        {t('promotions.claim_sign_in')}
      </Link>
    )
  }

  const claim = async () => {
    setState({ kind: 'busy' })
    try {
      await apiFetch('/bonus/activate-code', { method: 'POST', body: { code } })
      setState({ kind: 'done' })
      showToast({
        tone: 'success',
        title: t('promotions.claimed_title'),
        text: t('promotions.claimed_text'),
      })
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('promotions.claim_failed')
      setState({ kind: 'error', message })
      showToast({ tone: 'error', title: t('promotions.claim_failed'), text: message })
    }
  }

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <Button
        type="button"
        onClick={() => void claim()}
        isBusy={state.kind === 'busy'}
        disabled={state.kind === 'done'}
        data-testid="promotion-claim"
      >
        {state.kind === 'done' ? t('promotions.claimed_title') : t('promotions.claim')}
      </Button>
      <p aria-live="polite" className="text-sm empty:hidden">
        {state.kind === 'done' ? (
          <span className="text-success">{t('promotions.claimed_text')}</span>
        ) : state.kind === 'error' ? (
          <span className="text-danger" role="alert">
            {state.message}
          </span>
        ) : null}
      </p>
    </div>
  )
}
