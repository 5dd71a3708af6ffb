import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { isStandingBar } from '#app/components/account/protection-rules.ts'
import { DepositBarred } from '#app/components/deposit/deposit-barred.tsx'
import { DepositOutcome } from '#app/components/deposit/deposit-outcome.tsx'
import { DepositStepForm } from '#app/components/deposit/deposit-step-form.tsx'
import { FIRST_STEP } from '#app/components/deposit/deposit-steps.ts'
import { MethodGrid } from '#app/components/deposit/method-grid.tsx'
import { StepIndicator } from '#app/components/deposit/step-indicator.tsx'
import { useDepositFlow } from '#app/components/deposit/use-deposit-flow.ts'
import { useProtection } from '#app/lib/use-protection.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { isCurrencyCode } from '#common/money.ts'
import { LimitPrompt } from './limit-prompt.tsx'

/**
 * The deposit dialog (`?q=/a/deposit`): payment methods, amount, player info, saved accounts
 * and method info, numbered 1 to 5, opening at FirstStep and passing over steps with nothing to
 * ask; then the result: success, declined, the card provider's 3-D Secure page, crypto or bank
 * details. A card is typed into the provider's hosted fields (a frame): only its token is sent.
 * The steps and calls are `useDepositFlow`'s; this draws them.
 *
 * Before the methods: a player barred from play by a closure, a break or a register match is told
 * so (with the break's end) instead, and one who never answered the deposit-limit prompt is asked
 * it first; declining goes on to the deposit.
 */
export default function DepositDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const flow = useDepositFlow(onClosed)
  const { step, steps, method, currency, outcome } = flow
  const { player } = useRootData()
  const { status, protection } = useProtection()
  const walletCurrency = useUserStore((state) => state.wallet.current?.currency_id)
  const [isPromptDone, setIsPromptDone] = useState(false)
  const body = useRef<HTMLDivElement>(null)
  // The answered prompt's form is gone with the focus it held: the focus goes back into the
  // dialog, so the keyboard (Escape, Tab) still works in it.
  useEffect(() => {
    if (isPromptDone) body.current?.focus()
  }, [isPromptDone])
  const promptCurrency = walletCurrency ?? player?.currency

  // Without the state (a visitor, or it failed to load) the deposit goes on: the server refuses a
  // barred player's deposit all the same, and that refusal shows here too.
  const standing = protection?.bar
  const bar = flow.barred?.bar ?? (isStandingBar(standing) ? standing : undefined)
  const gate = bar
    ? 'barred'
    : !player || (protection === null && status === 'error')
      ? 'deposit'
      : protection === null
        ? 'loading'
        : !protection.limit_prompt_answered &&
            !isPromptDone &&
            promptCurrency !== undefined &&
            isCurrencyCode(promptCurrency)
          ? 'prompt'
          : 'deposit'

  const stepName = t(`cashier.steps.${String(step)}`)
  // No total before a method is chosen: it depends on the method (see `stepsFor`).
  const description =
    gate === 'prompt'
      ? t('protection.prompt.title')
      : gate !== 'deposit' || outcome
        ? undefined
        : flow.hasChosen
          ? t('cashier.step_of', {
              step: steps.indexOf(step) + 1,
              total: steps.length,
              name: stepName,
            })
          : t('cashier.step_first', { name: stepName })

  return (
    <Dialog
      id="deposit"
      title={t('cashier.deposit_title')}
      description={description}
      onClosed={onClosed}
      size="md"
    >
      <div ref={body} tabIndex={-1} className="outline-none">
        {bar ? (
          <DepositBarred
            bar={bar}
            current={protection?.break ?? null}
            message={flow.barred?.message || null}
            locale={flow.locale}
            localeTag={flow.localeTag}
          />
        ) : gate === 'loading' ? (
          <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24 w-full rounded-2xl" />
          </div>
        ) : gate === 'prompt' && promptCurrency !== undefined && isCurrencyCode(promptCurrency) ? (
          <LimitPrompt
            currency={promptCurrency}
            localeTag={flow.localeTag}
            onAnswered={() => setIsPromptDone(true)}
          />
        ) : outcome ? (
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
      </div>
    </Dialog>
  )
}
