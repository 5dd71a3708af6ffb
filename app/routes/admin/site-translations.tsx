import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Checkbox, Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { TranslationEditor } from '#app/components/admin/site/translation-editor.tsx'
import {
  LOCALE_OPTIONS,
  type Paged,
  type Translation,
} from '#app/components/admin/site/site-types.ts'
import { Button } from '#app/components/ui/button.tsx'
import { getLocale } from '#common/locales.ts'

/**
 * `/admin/site/translations/`: the site's interface texts of one locale, searched, with the
 * operator's wording over the shipped one (edited with a preview, reverted in one click).
 */
export default function SiteTranslations() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ pageSize: 25 })
  const locale = list.query.filters.locale ?? 'en'
  const read = useAdminData<Paged<Translation>>('/admin/api/translations', {
    ...list.apiQuery,
    locale,
  })
  const [search, setSearch] = useState(list.query.filters.q ?? '')
  const [editing, setEditing] = useState<Translation | null>(null)
  const [notice, setNotice] = useState('')
  const tag = getLocale(locale).tag

  const columns: Column<Translation>[] = [
    {
      key: 'key',
      header: t('admin.site.translations.key'),
      render: (entry) => (
        <span className="block min-w-40 font-mono text-xs break-all">{entry.key}</span>
      ),
    },
    {
      key: 'text',
      header: t('admin.site.translations.text'),
      render: (entry) => (
        <span className="flex flex-col items-start gap-1">
          <span lang={tag} className="min-w-56">
            {entry.override ?? entry.shipped}
          </span>
          {entry.override !== null ? (
            <StatusBadge tone="warning">{t('admin.site.translations.overridden')}</StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'english',
      header: t('admin.site.translations.english'),
      render: (entry) => (
        <span lang="en" className="text-ink-muted">
          {entry.english}
        </span>
      ),
    },
    {
      key: 'edit',
      header: t('admin.site.translations.actions'),
      render: (entry) => (
        <Button
          type="button"
          variant="secondary"
          onClick={() => setEditing(entry)}
          aria-label={t(
            can('content')
              ? 'admin.site.translations.edit_named'
              : 'admin.site.translations.view_named',
            { key: entry.key },
          )}
        >
          {can('content') ? t('admin.site.translations.edit') : t('admin.site.translations.view')}
        </Button>
      ),
    },
  ]

  return (
    <AdminPage
      title={t('admin.site.translations.heading')}
      description={t('admin.site.translations.description')}
    >
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          list.setQuery({ filters: { q: search.trim() } })
        }}
      >
        <Field label={t('admin.site.locale')}>
          <Select
            value={locale}
            onChange={(event) => list.setQuery({ filters: { locale: event.target.value } })}
            options={LOCALE_OPTIONS}
          />
        </Field>
        <Field label={t('admin.site.translations.search')}>
          <TextInput
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary">
          {t('admin.actions.search')}
        </Button>
        <div className="sm:col-span-3">
          <Checkbox
            label={t('admin.site.translations.only_overridden')}
            checked={list.query.filters.onlyOverridden === 'true'}
            onChange={(event) =>
              list.setQuery({ filters: { onlyOverridden: event.target.checked ? 'true' : '' } })
            }
          />
        </div>
      </form>
      <p role="status" className="text-sm text-success">
        {notice}
      </p>
      <DataTable
        caption={t('admin.site.translations.caption', { locale })}
        columns={columns}
        rows={read.data?.items}
        getRowKey={(entry) => entry.key}
        {...listTableProps(list, read)}
        emptyText={t('admin.site.translations.empty')}
      />
      {editing ? (
        <TranslationEditor
          locale={locale}
          entry={editing}
          canEdit={can('content')}
          onChanged={(entry) => {
            setNotice(
              t(
                entry.override === null
                  ? 'admin.site.translations.reverted'
                  : 'admin.site.translations.saved',
                { key: entry.key },
              ),
            )
            read.reload()
          }}
          onClosed={() => setEditing(null)}
        />
      ) : null}
    </AdminPage>
  )
}
