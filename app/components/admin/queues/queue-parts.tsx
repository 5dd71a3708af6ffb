import { useEffect, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { Field, TextInput } from '#app/components/admin/form.tsx'

/** When something happened, in the console's English with the operator's own time zone. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/** A queue row's player: name over e-mail. */
export function PlayerCell({ player }: { player: { name: string; email: string } }) {
  return (
    <span className="flex min-w-44 flex-col">
      <span className="font-medium text-ink">{player.name || player.email}</span>
      <span className="text-xs break-all text-ink-muted">{player.email}</span>
    </span>
  )
}

/**
 * The search by part of a player's e-mail every queue offers; applied on submit, so the list
 * is not read again on every key press.
 */
export function EmailFilter({
  value,
  onApply,
}: {
  value: string
  onApply: (email: string) => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply(draft.trim())
  }
  return (
    <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <Field label={t('admin.queues.filters.email')} className="min-w-56 flex-1">
        <TextInput
          type="search"
          value={draft}
          maxLength={254}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary">
        {t('admin.actions.search')}
      </Button>
    </form>
  )
}

/** The outcome of the last decision, announced to screen readers and shown above the list. */
export function DecisionNotice({ text }: { text: string | null }) {
  return (
    <p
      role="status"
      className={
        text ? 'rounded-xl border border-success/40 bg-success/5 px-3 py-2 text-sm' : 'sr-only'
      }
    >
      {text ?? ''}
    </p>
  )
}
