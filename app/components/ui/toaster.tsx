import { useTranslation } from 'react-i18next'
import { AppLink } from './app-link.tsx'
import { useToastStore, type Toast } from '#app/state/toast-store.ts'
import { Icon } from '#app/components/ui/icon.tsx'

const TONE_ICON: Record<Toast['tone'], { path: string; className: string }> = {
  success: { path: 'M5 12.5l4.5 4.5L19 7.5', className: 'text-success' },
  error: { path: 'M12 7v6m0 4h.01M12 3l9.5 17h-19Z', className: 'text-danger' },
  info: { path: 'M12 8h.01M11 12h1v5h1', className: 'text-gold' },
}

/**
 * The toast stack, announced politely: on phones top centre just under the header, which stays
 * usable (the welcome toast after sign-up lasts seconds), on wide screens at the top end.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts)
  const { t } = useTranslation()
  return (
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[1100] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:end-4 sm:top-20 sm:items-end"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} closeLabel={t('toast.close')} />
      ))}
    </section>
  )
}

function ToastCard({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const { dismiss, pause, resume } = useToastStore.getState()
  const icon = TONE_ICON[toast.tone]
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-phase={toast.phase}
      data-testid="toast"
      onPointerEnter={() => pause(toast.id)}
      onPointerLeave={() => resume(toast.id)}
      onFocus={() => pause(toast.id)}
      onBlur={() => resume(toast.id)}
      className="animate-toast-in pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border border-line bg-surface-raised p-3.5 shadow-2xl transition duration-200 data-[phase=exit]:-translate-y-2 data-[phase=exit]:opacity-0"
    >
      {toast.image ? (
        <img
          src={toast.image}
          alt=""
          width="40"
          height="40"
          className="size-10 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`mt-0.5 size-5 shrink-0 fill-none stroke-current stroke-2 ${icon.className}`}
        >
          <path d={icon.path} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink">{toast.title}</p>
        {toast.text ? <p className="mt-0.5 text-sm text-ink-muted">{toast.text}</p> : null}
        {toast.action ? (
          <AppLink
            to={toast.action.url}
            onClick={() => {
              toast.action?.onOpen?.()
              dismiss(toast.id)
            }}
            className="mt-2 inline-block text-sm font-semibold text-gold hover:underline"
          >
            {toast.action.label}
          </AppLink>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label={closeLabel}
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-line/60 hover:text-ink"
      >
        <Icon name="close" className="size-4" />
      </button>
    </div>
  )
}
