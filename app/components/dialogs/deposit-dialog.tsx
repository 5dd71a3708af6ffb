import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { reloadPlayerInfo } from '#app/components/account/use-player-info.ts'
import { AmountField } from '#app/components/deposit/amount-field.tsx'
import { checkAmount } from '#app/components/deposit/amount-check.ts'
import {
  allowanceText,
  depositAllowance,
  type WireDepositLimit,
} from '#app/components/deposit/deposit-allowance.ts'
import { convertMinor, parseAmount } from '#app/components/deposit/card-rules.ts'
import {
  FIRST_STEP,
  TRACKED_STEPS,
  fieldsToAsk,
  nextStep,
  openingStep,
  previousStep,
  stepsFor,
  type DepositStep,
} from '#app/components/deposit/deposit-steps.ts'
import { MethodGrid } from '#app/components/deposit/method-grid.tsx'
import {
  isTypedField,
  MethodFields,
  validateMethodFields,
  type FieldValues,
} from '#app/components/deposit/method-fields.tsx'
import {
  createAttemptKeys,
  isDeclineError,
  outcomeOf,
  paymentFieldErrors,
  type Outcome,
  type PaymentResult,
} from '#app/components/deposit/payment-outcome.ts'
import {
  BankInstructions,
  CryptoInstructions,
  ResultHeading,
  Waiting,
} from '#app/components/deposit/payment-result.tsx'
import { PlayerInfoFields } from '#app/components/deposit/player-info-fields.tsx'
import { ProviderFrame, type ProviderFrameHandle } from '#app/components/deposit/provider-frame.tsx'
import { SavedAccounts } from '#app/components/deposit/saved-accounts.tsx'
import { StepIndicator } from '#app/components/deposit/step-indicator.tsx'
import { useTransactionWatch } from '#app/components/deposit/transaction-watch.ts'
import {
  newIdempotencyKey,
  usePaymentMethods,
  type PaymentInfo,
} from '#app/components/deposit/use-payment-methods.ts'
import { messageOf } from '#app/components/account/form-errors.ts'
import { loadWallet } from '#app/components/wallet/wallet-actions.ts'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { formatMoney, minorToDecimal } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useAnalytics } from '#app/lib/use-analytics.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'

/** Player fields whose errors belong on step 3; the rest of a refusal is shown where it fits. */
const AMOUNT_FIELDS = ['amount', 'currency']

/**
 * Spec §2 Deposit dialog (`?q=/a/deposit`): payment methods, amount, player info, saved accounts
 * and method info, numbered 1 to 5, opening at FirstStep and passing over steps with nothing to
 * ask; then the result: success, declined, the card provider's 3-D Secure page, crypto or bank
 * details. A card is typed into the provider's hosted fields (a frame): only its token is sent.
 */
export default function DepositDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { locale, player } = useRootData()
  const localeTag = getLocale(locale).tag
  const analytics = useAnalytics()
  const revalidator = useRevalidator()
  const walletCurrency = useUserStore((state) => state.wallet.current?.currency_id)
  const { status, methods, reload } = usePaymentMethods(
    locale,
    'deposit',
    walletCurrency ?? player?.currency,
  )

  const [step, setStep] = useState<DepositStep>(FIRST_STEP)
  const [method, setMethod] = useState<PaymentInfo | null>(null)
  /** Set once the player picks a method: from then on the counter shows its fixed total. */
  const [hasChosen, setHasChosen] = useState(false)
  const [limits, setLimits] = useState<{ currency: string; limits: WireDepositLimit[] } | null>(
    null,
  )
  const [amountText, setAmountText] = useState('')
  const [playerValues, setPlayerValues] = useState<FieldValues>({})
  const [methodValues, setMethodValues] = useState<FieldValues>({})
  const [savedProfileId, setSavedProfileId] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldValues>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  /** What the last attempt sent, formatted: a bank transfer shows what to pay. */
  const [sentAmount, setSentAmount] = useState<string | null>(null)
  const attempts = useMemo(() => createAttemptKeys(newIdempotencyKey), [])
  const cardFrame = useRef<ProviderFrameHandle>(null)
  const form = useRef<HTMLFormElement>(null)

  const choices = { savedProfileId }
  const steps = stepsFor(method)
  const currency: CurrencyCode | null =
    method && isCurrencyCode(method.currency) ? method.currency : null

  // The player's own deposit limits, so the amount step can say what they leave. If they cannot
  // be loaded the server still refuses a deposit above them when it is sent.
  const playerId = player?.id
  useEffect(() => {
    if (!playerId) return
    apiFetch<{ data: { currency: string; limits: WireDepositLimit[] } }>('/player/deposit-limits')
      .then(({ data }) => setLimits(data))
      .catch((error: unknown) => console.warn('deposit limits', error))
  }, [playerId])
  const allowance = limits ? depositAllowance(limits.limits) : null
  /** The typed amount in the wallet currency the limits count in, when it can be known. */
  const walletMinorOf = (minor: bigint): bigint | null => {
    if (!method || !currency || !limits) return null
    if (method.currency === limits.currency) return minor
    const converted = method.currencyConverted
    if (converted === limits.currency && isCurrencyCode(converted) && method.rate) {
      return convertMinor(minor, method.rate, currency, converted)
    }
    return null
  }
  const limitNote = (minor: bigint | null) =>
    allowance && limits && isCurrencyCode(limits.currency)
      ? allowanceText(
          allowance,
          minor === null ? null : walletMinorOf(minor),
          (value) => formatMoney(value, limits.currency as CurrencyCode, localeTag),
          localeTag,
          t,
        )
      : null

  // Spec §7: 'deposit modal opened' once per opening.
  useEffect(() => {
    analytics.track('deposit modal opened')
  }, [analytics])
  // Spec §2: the tracked deposit steps.
  useEffect(() => {
    const name = TRACKED_STEPS[step]
    if (name && !outcome) analytics.track('deposit step', { step: name, number: step })
  }, [analytics, step, outcome])

  const choose = (picked: PaymentInfo, opening: boolean) => {
    const pickedCurrency = isCurrencyCode(picked.currency) ? picked.currency : null
    const profileId = picked.savedProfiles.some((entry) => entry.id === picked.savedProfilesId)
      ? picked.savedProfilesId
      : null
    setMethod(picked)
    setHasChosen(true)
    setSavedProfileId(profileId)
    setAmountText(pickedCurrency ? minorToDecimal(picked.amount, pickedCurrency) : '')
    setPlayerValues(Object.fromEntries(picked.playerFields.map((name) => [name, ''])))
    setMethodValues({})
    setErrors({})
    setFormError(null)
    setStep(opening ? openingStep(picked) : (nextStep(picked, FIRST_STEP) ?? FIRST_STEP))
  }

  // FirstStep: the last used method is preselected; one that names a later first step opens there.
  const hasOpened = useRef(false)
  useEffect(() => {
    if (status !== 'ready' || hasOpened.current) return
    hasOpened.current = true
    const lastUsed = methods.find((entry) => entry.lastUsedMethod)
    if (!lastUsed) return
    if (lastUsed.firstStep > FIRST_STEP) choose(lastUsed, true)
    else setMethod(lastUsed)
  })

  const goBack = () => {
    const previous = previousStep(method, step)
    setErrors({})
    setFormError(null)
    if (previous !== null) setStep(previous)
  }

  const amountMinor = (): bigint | null => {
    if (!method || !currency) return null
    const checked = checkAmount(
      amountText,
      currency,
      { min: BigInt(method.min), max: BigInt(method.max) },
      t,
      localeTag,
    )
    if ('error' in checked) {
      setErrors({ amount: checked.error })
      setStep(2)
      return null
    }
    const note = limitNote(checked.minor)
    if (note?.isOver) {
      setErrors({ amount: note.text })
      setStep(2)
      return null
    }
    return checked.minor
  }

  const advance = async () => {
    const next = nextStep(method, step)
    setErrors({})
    setFormError(null)
    if (next !== null) setStep(next)
    else await submit()
  }

  const onStepSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!method || isBusy) return
    if (step === 2 && amountMinor() === null) return
    if (step === 3) {
      setIsBusy(true)
      try {
        await apiFetch('/player/update', {
          method: 'POST',
          body: Object.fromEntries(
            Object.entries(playerValues).map(([name, value]) => [name, value.trim()]),
          ),
        })
        if (player) await reloadPlayerInfo(player.id, true)
      } catch (error) {
        const fields = paymentFieldErrors(error)
        setErrors(fields)
        if (Object.keys(fields).length === 0) {
          setFormError(messageOf(error, t('auth.something_went_wrong')))
        }
        return
      } finally {
        setIsBusy(false)
      }
    }
    if (step === 5) {
      const asked = fieldsToAsk(method, choices)
      const found = validateMethodFields(asked, methodValues, t)
      if (Object.keys(found).length > 0) {
        setErrors(found)
        return
      }
      const hosted = asked.find((field) => field.type === 'hosted_card')
      if (hosted && nextStep(method, step) === null) {
        // The provider's page checks the card and shows its own errors; we get a token or nothing.
        setIsBusy(true)
        setFormError(null)
        const card = (await cardFrame.current?.tokenize()) ?? { kind: 'error', message: null }
        setIsBusy(false)
        if (card.kind === 'error') setFormError(card.message ?? t('cashier.card_form.unavailable'))
        if (card.kind === 'token') await submit({ [hosted.name]: card.token })
        return
      }
    }
    await advance()
  }

  const settle = async (result: PaymentResult, message: string | null) => {
    attempts.finish()
    const next = outcomeOf(result, message)
    if (next.kind === 'success') await loadWallet().catch(() => {})
    setOutcome(next)
  }

  /** Sends the deposit; `token` holds the card provider's one-time token for a card. */
  const submit = async (token: Record<string, string> = {}) => {
    if (!method) return
    const minor = amountMinor()
    if (minor === null) return
    const fields = Object.fromEntries(
      fieldsToAsk(method, choices)
        .filter(isTypedField)
        .map((field) => [field.name, (methodValues[field.name] ?? '').trim()]),
    )
    const payload = {
      method_id: method.id,
      currency: method.currency,
      amount: minor.toString(),
      fields,
      ...(savedProfileId !== null && { saved_profile_id: savedProfileId }),
    }
    setIsBusy(true)
    setFormError(null)
    if (currency) setSentAmount(formatMoney(minor, currency, localeTag))
    try {
      const answer = await apiFetch<{ data: PaymentResult; message: string | null }>(
        '/payment/deposit',
        {
          method: 'POST',
          body: {
            ...payload,
            fields: { ...fields, ...token },
            // A retry types no new card: the token changes, the payment does not.
            idempotency_key: attempts.keyFor(payload),
          },
        },
      )
      await settle(answer.data, answer.message)
    } catch (error) {
      handleRefusal(error)
    } finally {
      setIsBusy(false)
    }
  }

  const handleRefusal = (error: unknown) => {
    if (isDeclineError(error)) {
      attempts.finish()
      setOutcome({ kind: 'declined', transactionId: null, reason: error.message })
      return
    }
    // A refusal is an answer; a network failure or 5xx keeps the key for the retry.
    if (error instanceof ApiError && error.status < 500) attempts.finish()
    const fields = paymentFieldErrors(error)
    setErrors(fields)
    const names = Object.keys(fields)
    if (method && names.some((name) => AMOUNT_FIELDS.includes(name))) setStep(2)
    else if (method && names.some((name) => method.playerFields.includes(name))) setStep(3)
    if (names.length === 0) setFormError(messageOf(error, t('auth.something_went_wrong')))
  }

  const tryAgain = () => {
    setOutcome(null)
    setErrors({})
    setFormError(null)
    setStep(method ? 2 : FIRST_STEP)
  }

  const finish = () => {
    void revalidator.revalidate()
    onClosed()
  }

  const stepIndex = steps.indexOf(step)
  const stepName = t(`cashier.steps.${String(step)}`)
  // No total before a method is chosen: it depends on the method (see `stepsFor`).
  const description = outcome
    ? undefined
    : hasChosen
      ? t('cashier.step_of', { step: stepIndex + 1, total: steps.length, name: stepName })
      : t('cashier.step_first', { name: stepName })
  const isLastStep = nextStep(method, step) === null
  const typedMinor = currency ? parseAmount(amountText, currency) : null
  const amountNote = limitNote(typedMinor && 'minor' in typedMinor ? typedMinor.minor : null)

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
          sentAmount={sentAmount}
          locale={locale}
          localeTag={localeTag}
          onSettled={(transaction) =>
            void settle(
              { transaction_id: transaction.id, status: transaction.status },
              transaction.details.reason ?? null,
            )
          }
          onTryAgain={tryAgain}
          onDone={finish}
        />
      ) : (
        <>
          <StepIndicator steps={hasChosen ? steps : [FIRST_STEP]} current={step} />
          {step === FIRST_STEP ? (
            <MethodGrid
              status={status}
              methods={methods}
              selectedId={method?.id ?? null}
              onPick={(picked) => choose(picked, false)}
              onRetry={() => void reload()}
              localeTag={localeTag}
            />
          ) : method && currency ? (
            <form
              ref={form}
              noValidate
              onSubmit={(event) => void onStepSubmit(event)}
              className="flex flex-col gap-5"
              data-testid={`deposit-step-${String(step)}`}
            >
              <MethodSummary method={method} />
              {step === 2 ? (
                <AmountStep
                  method={method}
                  currency={currency}
                  value={amountText}
                  onChange={(value) => {
                    setAmountText(value)
                    setErrors({})
                  }}
                  error={errors.amount}
                  limitNote={errors.amount ? null : amountNote}
                  localeTag={localeTag}
                />
              ) : step === 3 ? (
                <>
                  <p className="text-sm text-ink-muted">{t('cashier.player_info_intro')}</p>
                  <PlayerInfoFields
                    names={method.playerFields}
                    values={playerValues}
                    errors={errors}
                    localeTag={localeTag}
                    onChange={(name, value) =>
                      setPlayerValues((values) => ({ ...values, [name]: value }))
                    }
                  />
                </>
              ) : step === 4 ? (
                <SavedAccounts
                  profiles={method.savedProfiles}
                  selectedId={savedProfileId}
                  onSelect={setSavedProfileId}
                />
              ) : (
                <>
                  {savedProfileId !== null && fieldsToAsk(method, choices).length === 0 ? (
                    <p className="text-sm text-ink" data-testid="saved-pays">
                      {t('cashier.saved_pays', {
                        account:
                          method.savedProfiles.find((profile) => profile.id === savedProfileId)
                            ?.label ?? '',
                      })}
                    </p>
                  ) : null}
                  {fieldsToAsk(method, choices).map((field) =>
                    field.type === 'hosted_card' && field.url ? (
                      <ProviderFrame
                        key={field.name}
                        ref={cardFrame}
                        url={field.url}
                        locale={locale}
                        title={t('cashier.card_form.title')}
                        onSubmit={() => form.current?.requestSubmit()}
                        testId="card-fields"
                      />
                    ) : null,
                  )}
                  <MethodFields
                    fields={fieldsToAsk(method, choices)}
                    values={methodValues}
                    errors={errors}
                    isFirstFieldFocused
                    onChange={(name, value) =>
                      setMethodValues((values) => ({ ...values, [name]: value }))
                    }
                  />
                </>
              )}
              {formError ? (
                <p
                  role="alert"
                  className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
                >
                  {formError}
                </p>
              ) : null}
              <div className="flex gap-3">
                <Button type="button" variant="secondary" onClick={goBack}>
                  {t('cashier.back')}
                </Button>
                <Button type="submit" isBusy={isBusy} className="flex-1" data-testid="deposit-next">
                  {isLastStep
                    ? t('cashier.pay', {
                        amount: formatTyped(amountText, currency, localeTag) ?? '',
                      })
                    : t('cashier.continue')}
                </Button>
              </div>
            </form>
          ) : null}
        </>
      )}
    </Dialog>
  )
}

/** The typed amount formatted, or null while it does not parse. */
function formatTyped(text: string, currency: CurrencyCode, localeTag: string): string | null {
  const parsed = parseAmount(text, currency)
  return 'minor' in parsed ? formatMoney(parsed.minor, currency, localeTag) : null
}

/** The chosen method in a line above the form, so each step says what it pays with. */
function MethodSummary({ method }: { method: PaymentInfo }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2">
      <img
        src={method.imageUrl}
        alt=""
        width="40"
        height="28"
        className="h-7 w-10 object-contain"
      />
      <span className="flex-1 text-sm font-semibold text-ink">{method.name}</span>
      <span className="sr-only">{t('cashier.paying_with', { method: method.name })}</span>
    </div>
  )
}

function AmountStep({
  method,
  currency,
  value,
  onChange,
  error,
  limitNote,
  localeTag,
}: {
  method: PaymentInfo
  currency: CurrencyCode
  value: string
  onChange: (value: string) => void
  error: string | undefined
  /** What the player's deposit limit leaves, said before the last step rather than at it. */
  limitNote: { text: string; isOver: boolean } | null
  localeTag: string
}) {
  const { t } = useTranslation()
  const converted = method.currencyConverted
  const typed = parseAmount(value, currency)
  let conversion: string | undefined
  if (converted && isCurrencyCode(converted)) {
    const minor =
      'minor' in typed && method.rate
        ? convertMinor(typed.minor, method.rate, currency, converted)
        : method.amountConverted !== null && value === minorToDecimal(method.amount, currency)
          ? BigInt(method.amountConverted)
          : null
    if (minor !== null) {
      conversion = t('cashier.converted', { amount: formatMoney(minor, converted, localeTag) })
    }
  }
  const rate =
    converted && method.rate
      ? t('cashier.rate', {
          rate: `1 ${currency} = ${new Intl.NumberFormat(localeTag, { maximumFractionDigits: 8 }).format(method.rate as `${number}`)} ${converted}`,
        })
      : undefined
  return (
    <div className="flex flex-col gap-4">
      <AmountField
        label={t('cashier.amount')}
        currency={currency}
        value={value}
        onChange={onChange}
        min={BigInt(method.min)}
        max={BigInt(method.max)}
        localeTag={localeTag}
        error={error}
      />
      {limitNote ? (
        <p
          className={`rounded-xl border p-3 text-sm ${
            limitNote.isOver
              ? 'border-danger/40 bg-danger/10 text-danger'
              : 'border-line bg-surface text-ink-muted'
          }`}
          data-testid="deposit-limit-note"
        >
          {limitNote.text}
        </p>
      ) : null}
      {conversion ? (
        <div
          className="flex flex-col gap-0.5 rounded-xl border border-line bg-surface p-3 text-sm"
          data-testid="conversion"
        >
          <span className="font-semibold text-ink">{conversion}</span>
          {rate ? <span className="text-xs text-ink-muted">{rate}</span> : null}
        </div>
      ) : null}
    </div>
  )
}

function DepositOutcome({
  outcome,
  sentAmount,
  locale,
  localeTag,
  onSettled,
  onTryAgain,
  onDone,
}: {
  outcome: Outcome
  sentAmount: string | null
  locale: string
  localeTag: string
  onSettled: Parameters<typeof useTransactionWatch>[1]
  onTryAgain: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const current = useUserStore((state) => state.wallet.current)
  const [isChallengeAnswered, setIsChallengeAnswered] = useState(false)
  const isWaiting =
    outcome.kind === 'send_crypto' ||
    outcome.kind === 'bank_transfer' ||
    outcome.kind === 'three_ds' ||
    outcome.kind === 'pending'
  const checkNow = useTransactionWatch(isWaiting ? outcome.transactionId : null, onSettled)
  switch (outcome.kind) {
    case 'success':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="success"
            testId="deposit-success"
            title={t('cashier.success_title')}
            text={
              current && isCurrencyCode(current.currency_id)
                ? t('cashier.new_balance', {
                    balance: formatMoney(current.cents, current.currency_id, localeTag),
                  })
                : undefined
            }
          />
          <Button type="button" onClick={onDone} autoFocus>
            {t('cashier.done')}
          </Button>
        </div>
      )
    case 'declined':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="danger"
            testId="deposit-declined"
            title={t('cashier.declined_title')}
            text={outcome.reason ?? t('cashier.declined_text')}
          />
          <div className="flex gap-3">
            <Button type="button" variant="secondary" onClick={onDone}>
              {t('cashier.close')}
            </Button>
            <Button type="button" className="flex-1" onClick={onTryAgain} autoFocus>
              {t('cashier.try_again')}
            </Button>
          </div>
        </div>
      )
    case 'three_ds':
      // The provider's page decides; it tells the casino, and the deposit is watched here.
      return (
        <div className="flex flex-col gap-4" data-testid="three-ds">
          <p className="text-sm text-ink-muted">{t('cashier.three_ds.text')}</p>
          <ProviderFrame
            url={outcome.url}
            locale={locale}
            title={t('cashier.three_ds.title')}
            onChallengeDone={() => {
              setIsChallengeAnswered(true)
              checkNow()
            }}
            testId="three-ds-frame"
          />
          {isChallengeAnswered ? <Waiting text={t('cashier.three_ds.waiting')} /> : null}
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
    case 'send_crypto':
      return (
        <div className="flex flex-col gap-4">
          <CryptoInstructions action={outcome.action}>
            <Waiting text={t('cashier.crypto.waiting')} />
          </CryptoInstructions>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
    case 'bank_transfer':
      return (
        <div className="flex flex-col gap-4">
          <BankInstructions action={outcome.action} amount={sentAmount} />
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.done')}
          </Button>
        </div>
      )
    case 'pending':
    case 'cancelled':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="pending"
            testId="deposit-pending"
            title={t('cashier.pending_title')}
            text={t('cashier.pending_text')}
          />
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
  }
}
