import { useTranslation } from 'react-i18next'
import type { DepositStep } from './deposit-steps.ts'

/**
 * The steps this method shows, the current one marked. Numbered by their place in the flow the
 * player sees; `data-step` keeps the spec's step number for tests and analytics. Labels may
 * reach a little into the gap beside them and wrap between words rather than being cut
 * ("Gespeicherte Karten" is wider than a fifth of a dialog); on a phone they are left to the
 * dialog's description, which names the current step in full.
 */
export function StepIndicator({
  steps,
  current,
}: {
  steps: readonly DepositStep[]
  current: DepositStep
}) {
  const { t } = useTranslation()
  const index = steps.indexOf(current)
  return (
    <ol className="mb-5 flex items-start gap-1" aria-label={t('cashier.steps_label')}>
      {steps.map((step, position) => {
        const state = position < index ? 'done' : position === index ? 'current' : 'next'
        return (
          <li
            key={step}
            data-step={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex min-w-0 flex-1 flex-col items-center gap-1.5"
          >
            <span className="flex w-full items-center">
              <span
                aria-hidden="true"
                className={`h-0.5 flex-1 ${position === 0 ? 'opacity-0' : position <= index ? 'bg-gold' : 'bg-line'}`}
              />
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === 'next'
                    ? 'border border-line text-ink-muted'
                    : 'bg-gradient-to-b from-gold-soft to-gold-strong text-on-gold'
                }`}
              >
                {state === 'done' ? (
                  <svg
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    className="size-3.5 fill-none stroke-current stroke-[3]"
                  >
                    <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : (
                  position + 1
                )}
              </span>
              <span
                aria-hidden="true"
                className={`h-0.5 flex-1 ${position === steps.length - 1 ? 'opacity-0' : position < index ? 'bg-gold' : 'bg-line'}`}
              />
            </span>
            <span
              className={`-mx-2 w-[calc(100%+1rem)] text-center text-[0.625rem] leading-tight break-words hyphens-auto max-sm:sr-only ${
                state === 'current' ? 'font-semibold text-ink' : 'text-ink-muted'
              }`}
            >
              {t(`cashier.steps.${String(step)}`)}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
