import { useId } from 'react'
import type { Country } from '#app/lib/countries.ts'

interface Props {
  label: string
  /** The country whose telephone code and flag lead the number. */
  country: Country | undefined
  value: string
  onChange: (value: string) => void
  hint?: string | undefined
  error?: string | undefined
}

/** The phone number after the chosen country's flag and telephone code. */
export function PhoneField({ label, country, value, onChange, hint, error }: Props) {
  const id = useId()
  const describedBy = [
    country ? `${id}-code` : '',
    error ? `${id}-error` : '',
    hint ? `${id}-hint` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {/* Numbers read left to right in every script, the telephone code first. */}
      <div
        dir="ltr"
        className="flex min-h-11 items-stretch overflow-hidden rounded-xl border border-line bg-surface focus-within:border-gold has-aria-invalid:border-danger"
      >
        {country ? (
          <span
            id={`${id}-code`}
            className="flex shrink-0 items-center gap-2 border-e border-line bg-surface-sunken/60 px-3 text-base text-ink tabular-nums"
          >
            <img
              src={country.flag}
              alt=""
              width="20"
              height="15"
              className="h-[15px] w-5 rounded-sm object-cover"
            />
            {country.telephone_code}
          </span>
        ) : null}
        <input
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="min-w-0 flex-1 bg-transparent px-3.5 text-base text-ink focus:outline-none"
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
