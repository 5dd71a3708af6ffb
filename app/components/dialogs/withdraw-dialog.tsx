import { useMemo, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { messageOf } from '#app/components/account/form-errors.ts'
import { AmountField } from '#app/components/deposit/amount-field.tsx'
import { checkAmount } from '#app/components/deposit/amount-check.ts'
import { convertMinorBack } from '#app/components/deposit/card-rules.ts'
import { MethodGrid } from '#app/components/deposit/method-grid.tsx'
import {
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
import { ResultHeading } from '#app/components/deposit/payment-result.tsx'
import { SavedAccounts } from '#app/components/deposit/saved-accounts.tsx'
import {
  newIdempotencyKey,
  usePaymentMethods,
  type PaymentInfo,
} from '#app/components/deposit/use-payment-methods.ts'
import { CashOutCard } from '#app/components/wallet/cash-out-card.tsx'
import { WithdrawBonusWarning } from '#app/components/wallet/withdraw-bonus-warning.tsx'
import {
  cancelPendingTransaction,
  loadWalletAndCashOut,
} from '#app/components/wallet/wallet-actions.ts'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { formatMoney, minorToDecimal } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'

/** The password or 2FA code a new destination asks for, with the server's message about it. */
interface Confirmation {
  kind: 'password' | 'two_factor'
  value: string
  message: string
  isWrong: boolean
}

/** The refusals that ask for a confirmation, and whether the one sent was wrong. */
const CONFIRMATION_CODES: Partial<
  Record<string, { kind: Confirmation['kind']; isWrong: boolean }>
> = {
  'withdrawals.password_required': { kind: 'password', isWrong: false },
  'withdrawals.password_invalid': { kind: 'password', isWrong: true },
  'withdrawals.two_factor_required': { kind: 'two_factor', isWrong: false },
  'withdrawals.two_factor_invalid': { kind: 'two_factor', isWrong: true },
}

/**
 * The withdrawal dialog (`?q=/a/withdraw`): a method, an amount up to what is available, the
 * method's fields; the request waits for an operator and can be cancelled while it does.
 */
export default function WithdrawDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { locale, player } = useRootData()
  const localeTag = getLocale(locale).tag
  const wallet = useUserStore((state) => state.wallet.current)
  const cashOut = useUserStore((state) => state.wallet.cashOut)
  const { status, methods, reload } = usePaymentMethods(
    locale,
    'withdrawal',
    wallet?.currency_id ?? player?.currency,
  )
  const [method, setMethod] = useState<PaymentInfo | null>(null)
  const [amountText, setAmountText] = useState('')
  const [values, setValues] = useState<FieldValues>({})
  const [errors, setErrors] = useState<FieldValues>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // A destination the player has not used asks for the password (or a 2FA code) once refused.
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null)
  const attempts = useMemo(() => createAttemptKeys(newIdempotencyKey), [])

  const currency: CurrencyCode | null =
    method && isCurrencyCode(method.currency) ? method.currency : null
  // What this method may take, in the method's currency: the server says how much of the wallet
  // (deposits not yet wagered may only go back the way they came); a crypto method pays out in
  // its coin, so that is converted at the method's rate (units of the wallet per coin).
  const walletCents =
    method?.availableToWithdraw != null
      ? BigInt(method.availableToWithdraw)
      : wallet
        ? BigInt(wallet.cents)
        : 0n
  const available =
    method?.currencyConverted &&
    method.rate &&
    currency &&
    wallet &&
    isCurrencyCode(wallet.currency_id)
      ? (convertMinorBack(walletCents, method.rate, wallet.currency_id, currency) ?? 0n)
      : walletCents

  const choose = (picked: PaymentInfo) => {
    setMethod(picked)
    const saved = picked.savedProfiles.find((entry) => entry.id === picked.savedProfilesId)
    const savedCard = picked.methodFields.find((field) => field.type === 'saved_card')
    // A card payout goes to a saved card (one the player deposited with), the last used first.
    if (savedCard) setValues({ [savedCard.name]: saved?.id ?? '' })
    else setValues(saved ? { ...saved.fields } : {})
    setAmountText('')
    setErrors({})
    setFormError(null)
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!method || !currency || isBusy) return
    const max = BigInt(method.max) < available ? BigInt(method.max) : available
    const checked = checkAmount(
      amountText,
      currency,
      { min: BigInt(method.min), max },
      t,
      localeTag,
    )
    const found = validateMethodFields(method.methodFields, values, t)
    if ('error' in checked) found.amount = checked.error
    setErrors(found)
    if (Object.keys(found).length > 0 || 'error' in checked) return
    const payload = {
      method_id: method.id,
      currency: method.currency,
      amount: checked.minor.toString(),
      fields: Object.fromEntries(
        method.methodFields.map((field) => [field.name, (values[field.name] ?? '').trim()]),
      ),
    }
    setIsBusy(true)
    setFormError(null)
    try {
      const confirmed = confirmation && {
        [confirmation.kind === 'password' ? 'password' : 'two_factor_code']: confirmation.value,
      }
      const answer = await apiFetch<{ data: PaymentResult; message: string | null }>(
        '/payment/withdraw',
        {
          method: 'POST',
          body: { ...payload, ...confirmed, idempotency_key: attempts.keyFor(payload) },
        },
      )
      attempts.finish()
      await loadWalletAndCashOut()
      setOutcome(outcomeOf(answer.data, answer.message))
    } catch (error) {
      if (isDeclineError(error)) {
        attempts.finish()
        setOutcome({ kind: 'declined', transactionId: null, reason: error.message })
        return
      }
      if (error instanceof ApiError && error.status < 500) attempts.finish()
      const asked = error instanceof ApiError ? CONFIRMATION_CODES[error.code] : undefined
      if (asked && error instanceof ApiError) {
        setConfirmation((current) => ({
          kind: asked.kind,
          value: asked.isWrong ? '' : (current?.value ?? ''),
          message: error.message,
          isWrong: asked.isWrong,
        }))
        return
      }
      const fields = paymentFieldErrors(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        setFormError(messageOf(error, t('auth.something_went_wrong')))
      }
    } finally {
      setIsBusy(false)
    }
  }

  const cancel = async (transactionId: string) => {
    setIsBusy(true)
    try {
      await cancelPendingTransaction(transactionId)
      setOutcome({ kind: 'cancelled', transactionId })
    } catch (error) {
      setFormError(messageOf(error, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }

  const availableText =
    wallet && isCurrencyCode(wallet.currency_id)
      ? formatMoney(wallet.cents, wallet.currency_id, localeTag)
      : null

  return (
    <Dialog
      id="withdraw"
      title={t('cashier.withdraw.title')}
      description={
        availableText ? t('cashier.withdraw.available', { amount: availableText }) : undefined
      }
      onClosed={onClosed}
      size="md"
    >
      {outcome ? (
        <div className="flex flex-col gap-5">
          {outcome.kind === 'pending' || outcome.kind === 'three_ds' ? (
            <>
              <ResultHeading
                tone="pending"
                testId="withdraw-pending"
                title={t('cashier.withdraw.requested_title')}
                text={t('cashier.withdraw.requested_text')}
              />
              {formError ? (
                <p role="alert" className="text-sm text-danger">
                  {formError}
                </p>
              ) : null}
              <div className="flex gap-3">
                <Button
                  type="button"
                  variant="secondary"
                  isBusy={isBusy}
                  onClick={() => void cancel(outcome.transactionId)}
                >
                  {t('cashier.withdraw.cancel')}
                </Button>
                <Button type="button" className="flex-1" onClick={onClosed} autoFocus>
                  {t('cashier.done')}
                </Button>
              </div>
            </>
          ) : outcome.kind === 'cancelled' ? (
            <>
              <ResultHeading
                tone="success"
                testId="withdraw-cancelled"
                title={t('cashier.withdraw.cancelled')}
                text={t('cashier.withdraw.cancelled_text')}
              />
              <Button type="button" onClick={onClosed} autoFocus>
                {t('cashier.done')}
              </Button>
            </>
          ) : outcome.kind === 'declined' ? (
            <>
              <ResultHeading
                tone="danger"
                testId="withdraw-declined"
                title={t('cashier.withdraw.refused_title')}
                text={outcome.reason ?? t('cashier.declined_text')}
              />
              <Button type="button" onClick={() => setOutcome(null)} autoFocus>
                {t('cashier.try_again')}
              </Button>
            </>
          ) : (
            <>
              <ResultHeading
                tone="success"
                testId="withdraw-success"
                title={t('cashier.withdraw.paid_title')}
              />
              <Button type="button" onClick={onClosed} autoFocus>
                {t('cashier.done')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          {cashOut ? <CashOutCard cashOut={cashOut} localeTag={localeTag} /> : null}
          {!method || !currency ? (
            <>
              <h3 className="text-sm font-semibold text-ink">{t('cashier.withdraw.choose')}</h3>
              <MethodGrid
                status={status}
                methods={methods}
                selectedId={null}
                onPick={choose}
                onRetry={() => void reload()}
                localeTag={localeTag}
              />
            </>
          ) : (
            <form
              noValidate
              onSubmit={(event) => void submit(event)}
              className="flex flex-col gap-5"
              data-testid="withdraw-form"
            >
              <div className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2">
                <img
                  src={method.imageUrl}
                  alt=""
                  width="40"
                  height="28"
                  className="h-7 w-10 object-contain"
                />
                <span className="flex-1 text-sm font-semibold text-ink">{method.name}</span>
              </div>
              <WithdrawBonusWarning currency={wallet?.currency_id} localeTag={localeTag} />
              {available < BigInt(method.min) ? (
                <p
                  role="alert"
                  className="rounded-xl border border-line bg-surface p-3 text-sm text-ink-muted"
                >
                  {t('cashier.withdraw.below_min', {
                    min: formatMoney(method.min, currency, localeTag),
                  })}
                </p>
              ) : null}
              <AmountField
                label={t('cashier.amount')}
                currency={currency}
                value={amountText}
                onChange={(value) => {
                  setAmountText(value)
                  setErrors((current) => ({ ...current, amount: '' }))
                }}
                min={BigInt(method.min)}
                max={BigInt(method.max) < available ? BigInt(method.max) : available}
                localeTag={localeTag}
                error={errors.amount || undefined}
              />
              {available > 0n ? (
                <button
                  type="button"
                  className="self-start text-sm font-semibold text-gold underline-offset-2 hover:underline"
                  onClick={() => {
                    const max = BigInt(method.max) < available ? BigInt(method.max) : available
                    setAmountText(minorToDecimal(max, currency))
                  }}
                >
                  {t('cashier.withdraw.all')}
                </button>
              ) : null}
              {method.methodFields.map((field) =>
                field.type !== 'saved_card' ? null : method.savedProfiles.length > 0 ? (
                  <SavedAccounts
                    key={field.name}
                    profiles={method.savedProfiles}
                    selectedId={values[field.name] || null}
                    onSelect={(id) =>
                      setValues((current) => ({ ...current, [field.name]: id ?? '' }))
                    }
                    offersNewCard={false}
                    legend={t('cashier.withdraw.card_legend')}
                    error={errors[field.name] || undefined}
                  />
                ) : (
                  <p
                    key={field.name}
                    role="note"
                    className="rounded-xl border border-line bg-surface p-3 text-sm text-ink-muted"
                  >
                    {t('cashier.withdraw.card_none')}
                  </p>
                ),
              )}
              <MethodFields
                fields={method.methodFields}
                values={values}
                errors={errors}
                onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
              />
              {method.methodFields.some((field) => field.type === 'saved_card') ? (
                <p className="text-xs text-ink-muted">{t('cashier.withdraw.card_note')}</p>
              ) : null}
              {confirmation ? (
                <TextField
                  label={t(
                    confirmation.kind === 'password'
                      ? 'cashier.withdraw.confirm_password'
                      : 'cashier.withdraw.confirm_two_factor',
                  )}
                  name={confirmation.kind === 'password' ? 'password' : 'two_factor_code'}
                  type={confirmation.kind === 'password' ? 'password' : 'text'}
                  autoComplete={
                    confirmation.kind === 'password' ? 'current-password' : 'one-time-code'
                  }
                  inputMode={confirmation.kind === 'password' ? undefined : 'numeric'}
                  autoFocus
                  required
                  value={confirmation.value}
                  onChange={(event) =>
                    setConfirmation({ ...confirmation, value: event.target.value, isWrong: false })
                  }
                  hint={confirmation.isWrong ? undefined : confirmation.message}
                  error={confirmation.isWrong ? confirmation.message : undefined}
                  data-testid="withdraw-confirmation"
                />
              ) : null}
              {formError ? (
                <p
                  role="alert"
                  className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
                >
                  {formError}
                </p>
              ) : null}
              <div className="flex gap-3">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setMethod(null)
                    setConfirmation(null)
                  }}
                >
                  {t('cashier.back')}
                </Button>
                <Button
                  type="submit"
                  isBusy={isBusy}
                  className="flex-1"
                  data-testid="withdraw-submit"
                >
                  {t('cashier.withdraw.submit')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Dialog>
  )
}
