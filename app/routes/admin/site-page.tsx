import { useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import {
  Checkbox,
  Field,
  FormError,
  Select,
  SubmitButton,
  TextInput,
  fieldErrors,
} from '#app/components/admin/form.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { BlocksEditor } from '#app/components/admin/site/blocks-editor.tsx'
import { LOCALE_OPTIONS, type CmsPage } from '#app/components/admin/site/site-types.ts'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

type Draft = Pick<CmsPage, 'locale' | 'path' | 'title' | 'blocks' | 'isPublished'>
const NEW_PAGE: Draft = { locale: 'en', path: '/', title: '', blocks: [], isPublished: false }

/** `/admin/site/pages/:id/` (`new` for a new one): a CMS page's address, title and blocks. */
export default function SitePage() {
  const { t } = useTranslation()
  const { id = 'new' } = useParams()
  const isNew = id === 'new'
  const { data, error, isLoading, reload } = useAdminData<CmsPage>(
    isNew ? null : `/admin/api/pages/${id}`,
  )
  const heading = isNew ? t('admin.site.page.new_heading') : t('admin.site.page.heading')

  return (
    <AdminPage title={heading} description={t('admin.site.page.description')}>
      <Link
        to="/admin/site/pages/"
        className="text-sm text-gold underline-offset-2 hover:underline"
      >
        {t('admin.site.page.back')}
      </Link>
      {isNew ? (
        <PageForm key="new" initial={NEW_PAGE} />
      ) : data ? (
        <PageForm key={data.id} initial={data} saved={data} />
      ) : error ? (
        <LoadError
          text={`${t('admin.site.page.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : null}
    </AdminPage>
  )
}

function PageForm({ initial, saved: loaded }: { initial: Draft; saved?: CmsPage }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { can } = useOperator()
  const isReadOnly = !can('content')
  const [draft, setDraft] = useState<Draft>(initial)
  const [saved, setSaved] = useState<CmsPage | undefined>(loaded)
  // A page just created arrives here with its notice.
  const location = useLocation()
  const [notice, setNotice] = useState(
    (location.state as { created?: boolean } | null)?.created ? t('admin.site.page.created') : '',
  )
  const [isDeleting, setIsDeleting] = useState(false)
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setNotice('')
  }

  const { isBusy, error, submit } = useFormSubmit(async () => {
    const body = { ...draft, layout: 'page' }
    const page = saved
      ? await adminSend<CmsPage>('PUT', `/admin/api/pages/${saved.id}`, body)
      : await adminSend<CmsPage>('POST', '/admin/api/pages', body)
    setSaved(page)
    setNotice(t('admin.site.page.saved'))
    if (!saved) {
      await navigate(`/admin/site/pages/${page.id}/`, { replace: true, state: { created: true } })
    }
  })
  const errors = fieldErrors(error)

  const siteAddress = saved ? `/${saved.locale}${saved.path}` : undefined

  return (
    <>
      <form
        className="flex max-w-3xl flex-col gap-5"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isReadOnly}>
          <legend className="sr-only">{t('admin.site.page.details')}</legend>
          <Field label={t('admin.site.locale')} error={errors['body.locale']}>
            <Select
              value={draft.locale}
              onChange={(event) => change({ locale: event.target.value })}
              options={LOCALE_OPTIONS}
            />
          </Field>
          <Field
            label={t('admin.site.pages.path')}
            hint={t('admin.site.page.path_hint')}
            error={errors['body.path']}
          >
            <TextInput
              value={draft.path}
              required
              maxLength={200}
              className="font-mono"
              onChange={(event) => change({ path: event.target.value })}
            />
          </Field>
          <Field
            label={t('admin.site.pages.title')}
            error={errors['body.title']}
            className="sm:col-span-2"
          >
            <TextInput
              value={draft.title}
              required
              maxLength={200}
              onChange={(event) => change({ title: event.target.value })}
            />
          </Field>
          <div className="sm:col-span-2">
            <Checkbox
              label={t('admin.site.page.is_published')}
              checked={draft.isPublished}
              onChange={(event) => change({ isPublished: event.target.checked })}
            />
          </div>
        </fieldset>
        <BlocksEditor
          blocks={draft.blocks}
          onChange={(blocks) => change({ blocks })}
          errors={errors}
          isReadOnly={isReadOnly}
        />
        <FormError error={error} />
        <p role="status" className="text-sm text-success">
          {notice}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {isReadOnly ? null : (
            <SubmitButton isBusy={isBusy}>
              {saved ? t('admin.actions.save') : t('admin.site.page.create')}
            </SubmitButton>
          )}
          {saved && !isReadOnly ? (
            <Button type="button" variant="ghost" onClick={() => setIsDeleting(true)}>
              {t('admin.site.page.delete')}
            </Button>
          ) : null}
          {siteAddress && saved?.isPublished ? (
            <a
              href={siteAddress}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-gold underline-offset-2 hover:underline"
            >
              {t('admin.site.page.view_on_site', { address: siteAddress })}
            </a>
          ) : null}
        </div>
      </form>
      {isDeleting && saved ? (
        <ConfirmDialog
          id="admin-site-page-delete"
          title={t('admin.site.page.delete_title')}
          description={t('admin.site.page.delete_text', { address: siteAddress })}
          confirmLabel={t('admin.site.page.delete')}
          onConfirm={async () => {
            await adminSend('DELETE', `/admin/api/pages/${saved.id}`)
            await navigate('/admin/site/pages/', { replace: true })
          }}
          onClosed={() => setIsDeleting(false)}
        />
      ) : null}
    </>
  )
}
