import { useEffect, useState, type SubmitEvent } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { PersonalDetailsFields } from '#app/components/account/personal-details-fields.tsx'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { CURRENCY_EXPONENTS, isCurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { register } from '#app/state/session-actions.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useUserStore, type PersonalDetails, type SignUpStep1 } from '#app/state/user-store.ts'
import { LimitPrompt } from './limit-prompt.tsx'

const STEP1_FIELDS = ['email', 'password', 'currency', 'terms_accepted'] as const
const CURRENCIES = Object.keys(CURRENCY_EXPONENTS)
const EMPTY_STEP2: PersonalDetails = {
  first_name: '',
  last_name: '',
  birth_date: '',
  country: '',
  city: '',
  address: '',
  post_code: '',
  phone: '',
}

/**
 * Sign-up in two steps (sign-up data is kept in two steps, in session storage, so a
 * reload keeps what was typed; the password is never stored). Field errors from the server show
 * beside their fields, on the step that holds them. Once the account exists the dialog asks the
 * new player to set a deposit limit (or decline), then closes.
 */
export default function RegisterDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const revalidator = useRevalidator()
  const saved = useUserStore((state) => state.signUpData)
  const [step, setStep] = useState<1 | 2>(1)
  /** The account exists: the dialog asks for a deposit limit now. */
  const [isAskingLimit, setIsAskingLimit] = useState(false)
  const [password, setPassword] = useState('')
  const [step1, setStep1] = useState<SignUpStep1>(
    saved.step1 ?? { email: '', currency: getLocale(locale).currency, terms_accepted: false },
  )
  const [step2, setStep2] = useState<PersonalDetails>(saved.step2 ?? EMPTY_STEP2)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isSubmitting, setIsSubmitting] = useState(false)

  // Persist as the player types (session storage through the user store).
  useEffect(() => {
    useUserStore.setState({ signUpData: { step1, step2 } })
  }, [step1, step2])

  // The detected country is the default; the player can change it.
  useEffect(() => {
    if (step2.country) return
    apiFetch<{ enabledCountry: { code: string | null; isEnabled: boolean } }>(`/${locale}/settings`)
      .then(({ enabledCountry }) => {
        const code = enabledCountry.code
        if (code && enabledCountry.isEnabled) setStep2((current) => ({ ...current, country: code }))
      })
      .catch(() => {})
  }, [locale, step2.country])

  const next = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: Record<string, string> = {}
    if (!step1.terms_accepted) missing.terms_accepted = t('auth.register.terms_required')
    setErrors(missing)
    if (Object.keys(missing).length === 0) setStep(2)
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSubmitting(true)
    setErrors({})
    try {
      await register(
        {
          ...step1,
          password,
          ...step2,
          // As typed: the server reads a national number as one of the chosen country.
          phone: step2.phone.trim(),
          locale,
        },
        t,
      )
      await revalidator.revalidate()
      setIsSubmitting(false)
      if (isCurrencyCode(step1.currency)) setIsAskingLimit(true)
      else onClosed()
    } catch (caught) {
      setIsSubmitting(false)
      if (!(caught instanceof ApiError)) {
        showToast({ tone: 'error', title: t('auth.something_went_wrong') })
        return
      }
      const fields = Object.fromEntries(
        Object.entries(caught.fields).map(([name, messages]) => [
          name.replace(/^body\./, ''),
          messages[0] ?? '',
        ]),
      )
      setErrors(fields)
      if (STEP1_FIELDS.some((name) => name in fields)) setStep(1)
      if (Object.keys(fields).length === 0) showToast({ tone: 'error', title: caught.message })
    }
  }

  if (isAskingLimit && isCurrencyCode(step1.currency)) {
    return (
      <Dialog
        id="register"
        title={t('protection.prompt.title')}
        description={t('protection.prompt.after_sign_up')}
        onClosed={onClosed}
        size="md"
      >
        <LimitPrompt currency={step1.currency} localeTag={localeTag} onAnswered={onClosed} />
      </Dialog>
    )
  }

  return (
    <Dialog
      id="register"
      title={t('auth.register.title')}
      description={t('auth.register.step', { step, count: 2 })}
      onClosed={onClosed}
      size="md"
    >
      <ol className="mb-5 grid grid-cols-2 gap-2" aria-hidden="true">
        {[1, 2].map((index) => (
          <li
            key={index}
            className={`h-1.5 rounded-full ${index <= step ? 'bg-gold' : 'bg-line'}`}
          />
        ))}
      </ol>
      {step === 1 ? (
        <form className="flex flex-col gap-4" onSubmit={next} data-testid="register-step-1">
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            maxLength={254}
            value={step1.email}
            error={errors.email}
            onChange={(event) => setStep1((current) => ({ ...current, email: event.target.value }))}
          />
          <TextField
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={256}
            value={password}
            error={errors.password}
            hint={t('auth.register.password_hint')}
            onChange={(event) => setPassword(event.target.value)}
          />
          <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
            {t('auth.register.currency')}
            <select
              name="currency"
              value={step1.currency}
              onChange={(event) =>
                setStep1((current) => ({ ...current, currency: event.target.value }))
              }
              className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink focus:border-gold focus:outline-none"
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="terms_accepted"
              checked={step1.terms_accepted}
              aria-invalid={errors.terms_accepted ? true : undefined}
              onChange={(event) =>
                setStep1((current) => ({ ...current, terms_accepted: event.target.checked }))
              }
              className="mt-0.5 size-5 shrink-0 accent-gold"
            />
            <span>{t('auth.register.terms')}</span>
          </label>
          {errors.terms_accepted ? (
            <p className="text-xs text-danger">{errors.terms_accepted}</p>
          ) : null}
          <Button type="submit" className="w-full">
            {t('auth.register.next')}
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <PersonalDetailsFields
            details={step2}
            errors={errors}
            onChange={(name, value) => setStep2((current) => ({ ...current, [name]: value }))}
            localeTag={localeTag}
            isFirstFieldFocused
          />
          <div className="flex gap-3">
            <Button type="button" variant="secondary" onClick={() => setStep(1)}>
              {t('auth.register.back')}
            </Button>
            <Button type="submit" isBusy={isSubmitting} className="flex-1">
              {t('auth.register.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
