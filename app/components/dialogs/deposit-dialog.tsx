import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { DepositOutcome } from '#app/components/deposit/deposit-outcome.tsx'
import { DepositStepForm } from '#app/components/deposit/deposit-step-form.tsx'
import { FIRST_STEP } from '#app/components/deposit/deposit-steps.ts'
import { MethodGrid } from '#app/components/deposit/method-grid.tsx'
import { StepIndicator } from '#app/components/deposit/step-indicator.tsx'
import { useDepositFlow } from '#app/components/deposit/use-deposit-flow.ts'

/**
 * The deposit dialog (`?q=/a/deposit`): payment methods, amount, player info, saved accounts
 * and method info, numbered 1 to 5, opening at FirstStep and passing over steps with nothing to
 * ask; then the result: success, declined, the card provider's 3-D Secure page, crypto or bank
 * details. A card is typed into the provider's hosted fields (a frame): only its token is sent.
 * The steps and calls are `useDepositFlow`'s; this draws them.
 */
export default function DepositDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const flow = useDepositFlow(onClosed)
  const { step, steps, method, currency, outcome } = flow

  const stepName = t(`cashier.steps.${String(step)}`)
  // No total before a method is chosen: it depends on the method (see `stepsFor`).
  const description = outcome
    ? undefined
    : flow.hasChosen
      ? t('cashier.step_of', { step: steps.indexOf(step) + 1, total: steps.length, name: stepName })
      : t('cashier.step_first', { name: stepName })

  return (
    <Dialog
      id="deposit"
      title={t('cashier.deposit_title')}
      description={description}
      onClosed={onClosed}
      size="md"
    >
      {outcome ? (
        <DepositOutcome
          outcome={outcome}
          sentAmount={flow.sentAmount}
          locale={flow.locale}
          localeTag={flow.localeTag}
          onSettled={flow.onSettled}
          onTryAgain={flow.tryAgain}
          onDone={flow.finish}
        />
      ) : (
        <>
          <StepIndicator steps={flow.hasChosen ? steps : [FIRST_STEP]} current={step} />
          {step === FIRST_STEP ? (
            <MethodGrid
              status={flow.methods.status}
              methods={flow.methods.list}
              selectedId={method?.id ?? null}
              onPick={flow.pick}
              onRetry={() => void flow.methods.reload()}
              localeTag={flow.localeTag}
            />
          ) : method && currency ? (
            <DepositStepForm flow={flow} method={method} currency={currency} />
          ) : null}
        </>
      )}
    </Dialog>
  )
}
