import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import {
  Field,
  FormError,
  Select,
  SubmitButton,
  TextInput,
  fieldErrors,
} from '#app/components/admin/form.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { shownTime, type Paged, type Redirect } from '#app/components/admin/site/site-types.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

/** `/admin/site/redirects/`: old addresses the site sends on to new ones. */
export default function SiteRedirects() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ sort: 'fromPath', pageSize: 25 })
  const read = useAdminData<Paged<Redirect>>('/admin/api/redirects', list.apiQuery)
  const [search, setSearch] = useState(list.query.filters.q ?? '')
  const [deleting, setDeleting] = useState<Redirect | null>(null)
  const [notice, setNotice] = useState('')

  const columns: Column<Redirect>[] = [
    {
      key: 'from',
      header: t('admin.site.redirects.from'),
      sortField: 'fromPath',
      render: (redirect) => <span className="font-mono break-all">{redirect.fromPath}</span>,
    },
    {
      key: 'to',
      header: t('admin.site.redirects.to'),
      render: (redirect) => <span className="font-mono break-all">{redirect.toPath}</span>,
    },
    {
      key: 'status',
      header: t('admin.site.redirects.status'),
      render: (redirect) =>
        t(
          redirect.status === 301
            ? 'admin.site.redirects.permanent'
            : 'admin.site.redirects.temporary',
        ),
    },
    {
      key: 'created',
      header: t('admin.site.redirects.created'),
      sortField: 'createdAt',
      render: (redirect) => shownTime(redirect.createdAt),
    },
    ...(can('content')
      ? [
          {
            key: 'delete',
            header: t('admin.site.redirects.actions'),
            render: (redirect: Redirect) => (
              <Button
                type="button"
                variant="secondary"
                aria-label={t('admin.site.redirects.delete_named', { from: redirect.fromPath })}
                onClick={() => setDeleting(redirect)}
              >
                {t('admin.site.redirects.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ]

  return (
    <AdminPage
      title={t('admin.site.redirects.heading')}
      description={t('admin.site.redirects.description')}
    >
      {can('content') ? (
        <NewRedirect
          onCreated={(redirect) => {
            setNotice(t('admin.site.redirects.created_notice', { from: redirect.fromPath }))
            read.reload()
          }}
        />
      ) : null}
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          list.setQuery({ filters: { q: search.trim() } })
        }}
      >
        <Field label={t('admin.site.redirects.search')}>
          <TextInput
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary">
          {t('admin.actions.search')}
        </Button>
      </form>
      <p role="status" className="text-sm text-success">
        {notice}
      </p>
      <DataTable
        caption={t('admin.site.redirects.heading')}
        columns={columns}
        rows={read.data?.items}
        getRowKey={(redirect) => redirect.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.site.redirects.empty')}
      />
      {deleting ? (
        <ConfirmDialog
          id="admin-site-redirect-delete"
          title={t('admin.site.redirects.delete_title')}
          description={t('admin.site.redirects.delete_text', {
            from: deleting.fromPath,
            to: deleting.toPath,
          })}
          confirmLabel={t('admin.site.redirects.delete')}
          onConfirm={async () => {
            await adminSend('DELETE', `/admin/api/redirects/${deleting.id}`)
            setNotice(t('admin.site.redirects.deleted_notice', { from: deleting.fromPath }))
            read.reload()
          }}
          onClosed={() => setDeleting(null)}
        />
      ) : null}
    </AdminPage>
  )
}

function NewRedirect({ onCreated }: { onCreated: (redirect: Redirect) => void }) {
  const { t } = useTranslation()
  const [fromPath, setFromPath] = useState('')
  const [toPath, setToPath] = useState('')
  const [status, setStatus] = useState('301')

  const { isBusy, error, submit } = useFormSubmit(async () => {
    const created = await adminSend<Redirect>('POST', '/admin/api/redirects', {
      fromPath: fromPath.trim(),
      toPath: toPath.trim(),
      status: Number(status),
    })
    setFromPath('')
    setToPath('')
    onCreated(created)
  })
  const errors = fieldErrors(error)

  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 className="text-lg font-semibold">{t('admin.site.redirects.new_heading')}</h2>
      <div className="grid gap-3 md:grid-cols-[1fr_1fr_12rem]">
        <Field
          label={t('admin.site.redirects.from')}
          hint={t('admin.site.redirects.from_hint')}
          error={errors['body.fromPath']}
        >
          <TextInput
            value={fromPath}
            required
            maxLength={500}
            className="font-mono"
            onChange={(event) => setFromPath(event.target.value)}
          />
        </Field>
        <Field
          label={t('admin.site.redirects.to')}
          hint={t('admin.site.redirects.to_hint')}
          error={errors['body.toPath']}
        >
          <TextInput
            value={toPath}
            required
            maxLength={500}
            className="font-mono"
            onChange={(event) => setToPath(event.target.value)}
          />
        </Field>
        <Field label={t('admin.site.redirects.status')}>
          <Select
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={[
              { value: '301', label: t('admin.site.redirects.permanent') },
              { value: '302', label: t('admin.site.redirects.temporary') },
            ]}
          />
        </Field>
      </div>
      <FormError error={error} />
      <div>
        <SubmitButton isBusy={isBusy}>{t('admin.site.redirects.create')}</SubmitButton>
      </div>
    </form>
  )
}
