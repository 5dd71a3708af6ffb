import { useState, type SubmitEvent } from 'react'
import { getLocale } from '#common/locales.ts'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { Field, FormError, TextArea, fieldErrors } from '#app/components/admin/form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { keepsPlaceholders, placeholdersOf, previewOf } from './translation-preview.ts'
import type { Translation } from './site-types.ts'

/**
 * One text of one locale: the shipped and English texts to work from, the operator's wording
 * with a live preview as the site will show it, save and revert to the shipped text.
 */
export function TranslationEditor({
  locale,
  entry,
  canEdit,
  onChanged,
  onClosed,
}: {
  locale: string
  entry: Translation
  canEdit: boolean
  onChanged: (entry: Translation) => void
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const [value, setValue] = useState(entry.override ?? entry.shipped)
  const [busy, setBusy] = useState<'save' | 'revert' | null>(null)
  const [error, setError] = useState<unknown>(null)
  const expected = placeholdersOf(entry.shipped)
  const isKept = keepsPlaceholders(entry.shipped, value)
  const address = `/admin/api/translations/${encodeURIComponent(locale)}/${encodeURIComponent(entry.key)}`

  const run = async (kind: 'save' | 'revert') => {
    setBusy(kind)
    setError(null)
    try {
      const answer =
        kind === 'save'
          ? await adminSend<Translation>('PUT', address, { value })
          : await adminSend<Translation>('DELETE', address)
      onChanged(answer)
      onClosed()
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(null)
    }
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run('save')
  }
  const served = fieldErrors(error)

  return (
    <Dialog
      id="admin-site-translation"
      title={t('admin.site.translations.edit_title', { locale })}
      description={entry.key}
      size="lg"
      onClosed={onClosed}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-ink-muted">{t('admin.site.translations.shipped')}</dt>
            <dd className="whitespace-pre-wrap">{entry.shipped}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-ink-muted">{t('admin.site.translations.english')}</dt>
            <dd className="whitespace-pre-wrap" lang="en">
              {entry.english}
            </dd>
          </div>
        </dl>
        <Field
          label={t('admin.site.translations.wording')}
          hint={
            expected.length > 0
              ? t('admin.site.translations.placeholders_hint', {
                  names: expected.map((name) => `{{${name}}}`).join(', '),
                  interpolation: { escapeValue: false },
                })
              : t('admin.site.translations.no_placeholders_hint')
          }
          error={
            served['body.value'] ??
            (isKept ? undefined : t('admin.site.translations.placeholders_changed'))
          }
        >
          <TextArea
            value={value}
            maxLength={2000}
            readOnly={!canEdit}
            onChange={(event) => setValue(event.target.value)}
          />
        </Field>
        <section aria-labelledby="translation-preview-heading" className="flex flex-col gap-1">
          <h3 id="translation-preview-heading" className="text-sm font-medium text-ink-muted">
            {t('admin.site.translations.preview')}
          </h3>
          <p
            className="whitespace-pre-wrap rounded-xl border border-line bg-surface p-3"
            lang={getLocale(locale).tag}
            aria-live="polite"
          >
            {previewOf(value)}
          </p>
          <a
            href={`/${locale}/`}
            target="_blank"
            rel="noreferrer"
            className="self-start text-sm text-gold underline-offset-2 hover:underline"
          >
            {t('admin.site.open_site', { locale })}
          </a>
        </section>
        <FormError error={error} />
        {canEdit ? (
          <div className="flex flex-wrap justify-end gap-2">
            {entry.override !== null ? (
              <Button
                type="button"
                variant="ghost"
                isBusy={busy === 'revert'}
                disabled={busy !== null}
                onClick={() => void run('revert')}
              >
                {t('admin.site.translations.revert')}
              </Button>
            ) : null}
            <Button
              type="submit"
              isBusy={busy === 'save'}
              disabled={busy !== null || !isKept || value.trim() === ''}
            >
              {t('admin.site.translations.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Dialog>
  )
}
