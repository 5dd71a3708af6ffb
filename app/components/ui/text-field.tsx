import type { InputHTMLAttributes } from 'react'
import { Field } from './field.tsx'

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  /** A message under the field, tied to it for screen readers. */
  error?: string | undefined
  hint?: string | undefined
}

/** A labelled input with its hint and error; every form field of the site is one of these. */
export function TextField({ label, error, hint, className, ...props }: Props) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      <input
        {...props}
        className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted/70 focus:border-gold focus:outline-none aria-invalid:border-danger"
      />
    </Field>
  )
}
