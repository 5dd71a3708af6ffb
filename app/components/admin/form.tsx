import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { ApiError } from '#app/lib/api.ts'
import { Button } from '#app/components/ui/button.tsx'

export { Field } from '#app/components/ui/field.tsx'

const CONTROL =
  'min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-gold focus:outline-none aria-invalid:border-danger'

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input type="text" {...props} className={`${CONTROL} ${props.className ?? ''}`} />
}

/** Whole numbers typed as text (minor units can pass 2^53): `inputMode` gives phones a keypad. */
export function NumberInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type="text"
      inputMode="numeric"
      {...props}
      className={`${CONTROL} tabular-nums ${props.className ?? ''}`}
    />
  )
}

export function Select({
  options,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  return (
    <select {...props} className={`${CONTROL} ${props.className ?? ''}`}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={4} {...props} className={`${CONTROL} py-2 ${props.className ?? ''}`} />
}

/** A checkbox with its label beside it (it needs no `Field`). */
export function Checkbox({
  label,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId()
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input id={id} type="checkbox" {...props} className="size-5 accent-gold" />
      <label htmlFor={id} className="text-sm text-ink">
        {label}
      </label>
    </div>
  )
}

export function SubmitButton({
  children,
  isBusy,
  disabled,
}: {
  children: ReactNode
  isBusy: boolean
  disabled?: boolean
}) {
  return (
    <Button type="submit" isBusy={isBusy} disabled={disabled ?? isBusy}>
      {children}
    </Button>
  )
}

/** A refused call's message (already worded by the server), announced. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null
  const message = error instanceof Error ? error.message : JSON.stringify(error)
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 px-3 py-2 text-sm">
      {message}
    </p>
  )
}

/**
 * A refusal's per-field messages, by field path (`amount`, `items.0.label`): the server's zod
 * errors, worded for people. Anything else has none.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, messages]) => [field, messages.join(' ')]),
  )
}
