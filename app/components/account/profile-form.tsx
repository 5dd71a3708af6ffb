import { useMemo, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { listCountries, type Country } from '#app/lib/countries.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { PersonalDetails, PlayerInfo } from '#app/state/user-store.ts'
import { fieldErrorsOf, messageOf, type FieldErrors } from './form-errors.ts'
import { PersonalDetailsFields } from './personal-details-fields.tsx'
import { usePlayerInfo } from './use-player-info.ts'

/** The body of `POST /player/update`. */
type ProfileFields = PersonalDetails

const FIELD_NAMES = [
  'first_name',
  'last_name',
  'birth_date',
  'country',
  'city',
  'address',
  'post_code',
  'phone',
] as const

/** The number without the country's telephone code, which the field shows in front of it. */
function nationalPart(phone: string, country: Country | undefined): string {
  const code = country?.telephone_code
  return code && phone.startsWith(code) ? phone.slice(code.length) : phone
}

/**
 * The fields the player changed: the update takes only those, so details never filled in (an
 * older account's address) do not block saving a new name. The phone goes as typed: the server
 * reads a national number as one of the country (trunk prefixes and all); a new country makes it
 * another number, so it goes along then.
 */
function changedFields(fields: ProfileFields, saved: ProfileFields): Partial<ProfileFields> {
  const changed: Partial<ProfileFields> = {}
  for (const name of FIELD_NAMES) {
    const value = fields[name].trim()
    if (value !== saved[name].trim()) changed[name] = value
  }
  if (changed.country !== undefined && fields.phone.trim()) changed.phone = fields.phone.trim()
  return changed
}

function fieldsFrom(info: PlayerInfo, countries: readonly Country[]): ProfileFields {
  const country = countries.find((entry) => entry.code === info.country)
  return {
    first_name: info.firstName,
    last_name: info.lastName,
    birth_date: info.birthDate?.slice(0, 10) ?? '',
    country: info.country,
    city: info.city,
    address: info.address,
    post_code: info.postCode,
    phone: nationalPart(info.phone, country),
  }
}

/** The Profile tab: the player's personal details, loaded from player info and saved in one go. */
export function ProfileForm() {
  const { t } = useTranslation()
  const { status, info, reload } = usePlayerInfo()
  if (!info) {
    return status === 'error' ? (
      <LoadError
        text={t('account.profile.load_failed')}
        retryLabel={t('common.retry')}
        onRetry={() => void reload()}
      />
    ) : (
      <FormSkeleton label={t('common.loading')} />
    )
  }
  return <ProfileFormBody info={info} onSaved={reload} />
}

function ProfileFormBody({ info, onSaved }: { info: PlayerInfo; onSaved: () => Promise<void> }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const revalidator = useRevalidator()
  const countries = useMemo(() => listCountries(localeTag), [localeTag])
  const [saved, setSaved] = useState(() => fieldsFrom(info, countries))
  const [fields, setFields] = useState(saved)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSaving, setIsSaving] = useState(false)

  const set = (name: keyof ProfileFields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }))

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSaving(true)
    setErrors({})
    try {
      await apiFetch('/player/update', {
        method: 'POST',
        body: changedFields(fields, saved),
      })
      setSaved(fields)
      showToast({ tone: 'success', title: t('account.profile.saved'), autoClose: 'short' })
      // A successful profile update reloads the user (player info and the page's data).
      await Promise.all([onSaved(), revalidator.revalidate()])
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error)
      setErrors(fieldErrors)
      const isShownBesideAField = FIELD_NAMES.some((name) => name in fieldErrors)
      if (!isShownBesideAField) {
        showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
      }
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-2xl flex-col gap-5"
      data-testid="profile-form"
    >
      <TextField
        label={t('account.fields.email')}
        type="email"
        value={info.email}
        readOnly
        hint={t('account.profile.email_hint')}
        className="[&_input]:border-dashed [&_input]:bg-surface-sunken [&_input]:text-ink-muted"
      />
      <PersonalDetailsFields
        details={fields}
        errors={errors}
        onChange={set}
        localeTag={localeTag}
        isIdentityLocked={info.identityLocked}
      />
      <div>
        <Button type="submit" isBusy={isSaving} className="w-full xsm:w-auto">
          {t('account.profile.save')}
        </Button>
      </div>
    </form>
  )
}

/** The form's shape while player info loads, announced once to screen readers. */
function FormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex max-w-2xl flex-col gap-5">
      {Array.from({ length: 5 }, (_, row) => (
        <div key={row} className="grid grid-cols-1 gap-4 xsm:grid-cols-2">
          {[0, 1].map((column) => (
            <div key={column} className="flex flex-col gap-2">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-11 w-full rounded-xl" />
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}
