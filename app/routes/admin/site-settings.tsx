import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import {
  Checkbox,
  Field,
  FormError,
  NumberInput,
  Select,
  SubmitButton,
  fieldErrors,
} from '#app/components/admin/form.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import {
  LOCALE_OPTIONS,
  type SettingsAnswer,
  type SiteSettings,
} from '#app/components/admin/site/site-types.ts'
import { changedSettings, eurosOf, minorOf } from '#app/components/admin/site/settings-form.ts'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'

/** `/admin/site/settings/`: languages, the default one, and the settings that move money. */
export default function SiteSettingsPage() {
  const { t } = useTranslation()
  const { data, error, isLoading, reload } = useAdminData<SettingsAnswer>('/admin/api/settings')
  return (
    <AdminPage
      title={t('admin.site.settings.heading')}
      description={t('admin.site.settings.description')}
    >
      {data ? (
        <SettingsForm answer={data} />
      ) : error ? (
        <LoadError
          text={`${t('admin.site.settings.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : null}
    </AdminPage>
  )
}

/** Inputs of a fieldset the operator may not change look it, not just refuse typing. */
const LOCKED = 'disabled:cursor-not-allowed disabled:bg-line/30'

/** The form's own values: amounts as typed, in euros. */
interface Draft {
  languages: string[]
  defaultLocale: string
  conversionSpreadBp: string
  depositWagerMultiplier: string
  maxWinPerBetEur: string
  withdrawalSecondApprovalEur: string
}

const draftOf = (settings: SiteSettings): Draft => ({
  languages: settings.languages,
  defaultLocale: settings.defaultLocale,
  conversionSpreadBp: String(settings.conversionSpreadBp),
  depositWagerMultiplier: String(settings.depositWagerMultiplier),
  maxWinPerBetEur: eurosOf(settings.maxWinPerBetEurMinor),
  withdrawalSecondApprovalEur: eurosOf(settings.withdrawalSecondApprovalEurMinor),
})

function SettingsForm({ answer }: { answer: SettingsAnswer }) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const canEdit = can('content')
  // Only an admin changes what moves money; the server refuses anyone else.
  const canEditMoney = can()
  const [saved, setSaved] = useState(answer.settings)
  const [draft, setDraft] = useState(() => draftOf(answer.settings))
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState('')
  const served = fieldErrors(error)
  const errorOf = (key: string) => localErrors[key] ?? served[key] ?? served[`body.${key}`]
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setNotice('')
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    const maxWin = minorOf(draft.maxWinPerBetEur)
    const secondApproval = minorOf(draft.withdrawalSecondApprovalEur)
    const spread = Number(draft.conversionSpreadBp)
    const multiplier = Number(draft.depositWagerMultiplier)
    const problems: Record<string, string> = {}
    if (maxWin === undefined) problems.maxWinPerBetEurMinor = t('admin.site.settings.euros_invalid')
    if (secondApproval === undefined)
      problems.withdrawalSecondApprovalEurMinor = t('admin.site.settings.euros_invalid')
    if (!Number.isInteger(spread))
      problems.conversionSpreadBp = t('admin.site.settings.whole_number')
    if (draft.depositWagerMultiplier.trim() === '' || Number.isNaN(multiplier))
      problems.depositWagerMultiplier = t('admin.site.settings.number_invalid')
    setLocalErrors(problems)
    if (Object.keys(problems).length > 0) return

    const next: SiteSettings = {
      ...saved,
      languages: draft.languages,
      defaultLocale: draft.defaultLocale,
      conversionSpreadBp: spread,
      depositWagerMultiplier: multiplier,
      maxWinPerBetEurMinor: maxWin ?? saved.maxWinPerBetEurMinor,
      withdrawalSecondApprovalEurMinor: secondApproval ?? saved.withdrawalSecondApprovalEurMinor,
    }
    const body = changedSettings(saved, next)
    if (Object.keys(body).length === 0) {
      setNotice(t('admin.site.settings.unchanged'))
      return
    }
    setIsBusy(true)
    try {
      const answered = await adminSend<SettingsAnswer>('PUT', '/admin/api/settings', body)
      setSaved(answered.settings)
      setDraft(draftOf(answered.settings))
      setNotice(t('admin.site.settings.saved'))
    } catch (caught) {
      setError(caught)
    } finally {
      setIsBusy(false)
    }
  }

  const toggleLanguage = (code: string, isOn: boolean) =>
    change({
      // Kept in the site's order, whatever order they were ticked in.
      languages: LOCALE_OPTIONS.map((option) => option.value).filter((value) =>
        value === code ? isOn : draft.languages.includes(value),
      ),
    })

  return (
    <form
      className="flex max-w-3xl flex-col gap-6"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <fieldset className="flex flex-col gap-4" disabled={!canEdit}>
        <legend className="mb-2 text-lg font-semibold">
          {t('admin.site.settings.languages_heading')}
        </legend>
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={errorOf('languages') ? 'settings-languages-error' : undefined}
        >
          <legend className="text-sm font-medium">{t('admin.site.settings.languages')}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
            {LOCALE_OPTIONS.map((option) => (
              <Checkbox
                key={option.value}
                label={option.label}
                checked={draft.languages.includes(option.value)}
                onChange={(event) => toggleLanguage(option.value, event.target.checked)}
              />
            ))}
          </div>
          {errorOf('languages') ? (
            <p id="settings-languages-error" className="text-xs text-danger">
              {errorOf('languages')}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={t('admin.site.settings.default_locale')}
          hint={t('admin.site.settings.default_locale_hint')}
          error={errorOf('defaultLocale')}
          className="sm:max-w-sm"
        >
          <Select
            value={draft.defaultLocale}
            onChange={(event) => change({ defaultLocale: event.target.value })}
            options={LOCALE_OPTIONS}
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!canEditMoney}>
        <legend className="mb-2 text-lg font-semibold">
          {t('admin.site.settings.money_heading')}
        </legend>
        {canEditMoney ? null : (
          <p className="text-sm text-ink-muted sm:col-span-2">
            {t('admin.site.settings.money_admin_only')}
          </p>
        )}
        <Field
          label={t('admin.site.settings.spread')}
          hint={t('admin.site.settings.spread_hint')}
          error={errorOf('conversionSpreadBp')}
        >
          <NumberInput
            className={LOCKED}
            value={draft.conversionSpreadBp}
            onChange={(event) => change({ conversionSpreadBp: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.site.settings.wager_multiplier')}
          hint={t('admin.site.settings.wager_multiplier_hint')}
          error={errorOf('depositWagerMultiplier')}
        >
          <NumberInput
            className={LOCKED}
            inputMode="decimal"
            value={draft.depositWagerMultiplier}
            onChange={(event) => change({ depositWagerMultiplier: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.site.settings.max_win')}
          hint={t('admin.site.settings.max_win_hint')}
          error={errorOf('maxWinPerBetEurMinor')}
        >
          <NumberInput
            className={LOCKED}
            inputMode="decimal"
            value={draft.maxWinPerBetEur}
            onChange={(event) => change({ maxWinPerBetEur: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.site.settings.second_approval')}
          hint={t('admin.site.settings.second_approval_hint')}
          error={errorOf('withdrawalSecondApprovalEurMinor')}
        >
          <NumberInput
            className={LOCKED}
            inputMode="decimal"
            value={draft.withdrawalSecondApprovalEur}
            onChange={(event) => change({ withdrawalSecondApprovalEur: event.target.value })}
          />
        </Field>
      </fieldset>
      <FormError error={error} />
      <p role="status" className="text-sm text-success">
        {notice}
      </p>
      {canEdit ? (
        <div>
          <SubmitButton isBusy={isBusy}>{t('admin.site.settings.save')}</SubmitButton>
        </div>
      ) : null}
    </form>
  )
}
