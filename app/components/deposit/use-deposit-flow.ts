import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { reloadPlayerInfo } from '#app/components/account/use-player-info.ts'
import { messageOf } from '#app/components/account/form-errors.ts'
import { checkAmount } from './amount-check.ts'
import { allowanceText, depositAllowance, type WireDepositLimit } from './deposit-allowance.ts'
import { convertMinor, parseAmount } from './card-rules.ts'
import {
  FIRST_STEP,
  TRACKED_STEPS,
  fieldsToAsk,
  nextStep,
  openingStep,
  previousStep,
  stepsFor,
  type DepositStep,
} from './deposit-steps.ts'
import { isTypedField, validateMethodFields, type FieldValues } from './method-fields.tsx'
import {
  createAttemptKeys,
  isDeclineError,
  outcomeOf,
  paymentFieldErrors,
  type Outcome,
  type PaymentResult,
} from './payment-outcome.ts'
import type { ProviderFrameHandle } from './provider-frame.tsx'
import { newIdempotencyKey, usePaymentMethods, type PaymentInfo } from './use-payment-methods.ts'
import { loadWallet } from '#app/components/wallet/wallet-actions.ts'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { formatMoney, minorToDecimal } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useAnalytics } from '#app/lib/use-analytics.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'
import { loadBonuses } from '#app/components/account/bonuses-actions.ts'
import { FEATURES } from '#common/features.ts'
import { bonusOptInDefault, bonusPreview, offerOf } from './bonus-preview.ts'
import { isStandingBar } from '#app/components/account/protection-rules.ts'
import { loadProtection } from '#app/state/protection-store.ts'
import { PLAY_BARS, type PlayBar } from '#common/protection.ts'

/** Player fields whose errors belong on step 3; the rest of a refusal is shown where it fits. */
const AMOUNT_FIELDS = ['amount', 'currency']

/**
 * The bonus a deposit with this method would earn. While bonuses are off (`FEATURES.bonuses`) the
 * dialog neither shows nor asks for one, whatever the server offers.
 */
const offerIn = (method: PaymentInfo | null) => (FEATURES.bonuses ? offerOf(method) : null)

/** What the player's deposit limit leaves, said before the last step rather than at it. */
export type LimitNote = { text: string; isOver: boolean }

/**
 * The deposit's state and calls: the methods, the step the player is on and what each step
 * asks, the player's deposit limits, sending the deposit once per attempt (an idempotency key per
 * attempt) and its outcome. The dialog and its step views only draw what this returns.
 */
export function useDepositFlow(onClosed: () => void) {
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
  /** A deposit refused because a closure, break or register match bars the player. */
  const [barred, setBarred] = useState<{ bar: PlayBar; message: string } | null>(null)
  /** What the last attempt sent, formatted: a bank transfer shows what to pay. */
  const [sentAmount, setSentAmount] = useState<string | null>(null)
  /** The player's own choice on the bonus box; null until they touch it (the default applies). */
  const [bonusChoice, setBonusChoice] = useState<boolean | null>(null)
  const country = useUserStore((state) => state.user?.country)
  const isBonusOptedIn = bonusChoice ?? bonusOptInDefault(country)
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
  const limitNote = (minor: bigint | null): LimitNote | null =>
    allowance && limits && isCurrencyCode(limits.currency)
      ? allowanceText(
          allowance,
          minor === null ? null : walletMinorOf(minor),
          (value) => formatMoney(value, limits.currency as CurrencyCode, localeTag),
          localeTag,
          t,
        )
      : null

  // Analytics: 'deposit modal opened' once per opening.
  useEffect(() => {
    analytics.track('deposit modal opened')
  }, [analytics])
  // Analytics: the tracked deposit steps.
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
    if (next.kind === 'success') {
      await loadWallet().catch(() => {})
      // The bonus this deposit earned shows in the cabinet at once (the socket says so too).
      if (FEATURES.bonuses) void loadBonuses(t('bonuses.load_failed'))
    }
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
    const offer = offerIn(method)
    // The bonus is asked for only when the player opted in and the amount earns it (below the
    // minimum the dialog already said it earns none).
    const claimsBonus =
      offer !== null &&
      isBonusOptedIn &&
      bonusPreview(offer, minor, method).kind !== 'below_minimum'
    const payload = {
      method_id: method.id,
      currency: method.currency,
      amount: minor.toString(),
      fields,
      ...(savedProfileId !== null && { saved_profile_id: savedProfileId }),
      ...(claimsBonus && { bonus_code: method.bonusCode ?? offer.code }),
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
    const bar = barOf(error)
    if (bar) {
      attempts.finish()
      setBarred({ bar, message: error instanceof ApiError ? error.message : '' })
      // The state on screen did not know of the bar (a break taken in another tab).
      if (playerId) void loadProtection(playerId, true)
      return
    }
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

  const typedMinor = currency ? parseAmount(amountText, currency) : null
  const offer = offerIn(method)

  return {
    locale,
    localeTag,
    methods: { status, list: methods, reload },
    step,
    steps,
    method,
    currency,
    hasChosen,
    outcome,
    barred,
    sentAmount,
    isBusy,
    errors,
    formError,
    isLastStep: nextStep(method, step) === null,
    /** The method's fields step 5 asks for, given the saved account chosen on step 4. */
    askedFields: method ? fieldsToAsk(method, choices) : [],
    /** The bonus this deposit would earn, what the typed amount earns, and the opt-in box. */
    bonus:
      offer && method
        ? {
            offer,
            preview: bonusPreview(
              offer,
              typedMinor && 'minor' in typedMinor ? typedMinor.minor : null,
              method,
            ),
            isOptedIn: isBonusOptedIn,
            isDefaultOff: !bonusOptInDefault(country),
            setOptedIn: setBonusChoice,
          }
        : null,
    amount: {
      text: amountText,
      note: limitNote(typedMinor && 'minor' in typedMinor ? typedMinor.minor : null),
      change: (value: string) => {
        setAmountText(value)
        setErrors({})
      },
    },
    playerValues,
    changePlayerValue: (name: string, value: string) =>
      setPlayerValues((values) => ({ ...values, [name]: value })),
    methodValues,
    changeMethodValue: (name: string, value: string) =>
      setMethodValues((values) => ({ ...values, [name]: value })),
    savedProfileId,
    selectSavedProfile: setSavedProfileId,
    cardFrame,
    form,
    pick: (picked: PaymentInfo) => choose(picked, false),
    goBack,
    onStepSubmit,
    /** The watched deposit settled while its result was on screen (3-D Secure, crypto, bank). */
    onSettled: (transaction: WireTransaction) =>
      void settle(
        { transaction_id: transaction.id, status: transaction.status },
        transaction.details.reason ?? null,
      ),
    tryAgain: () => {
      setOutcome(null)
      setErrors({})
      setFormError(null)
      setStep(method ? 2 : FIRST_STEP)
    },
    finish: () => {
      void revalidator.revalidate()
      onClosed()
    },
  }
}

export type DepositFlow = ReturnType<typeof useDepositFlow>

/** The standing bar a refusal names (`protection.time_out`…), if it is one. */
function barOf(error: unknown): PlayBar | undefined {
  if (!(error instanceof ApiError) || !error.code.startsWith('protection.')) return undefined
  const bar = PLAY_BARS.find((name) => error.code === `protection.${name}`)
  return isStandingBar(bar) ? bar : undefined
}
