import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import {
  LOCALE_OPTIONS,
  shownTime,
  type CmsPageSummary,
  type Paged,
} from '#app/components/admin/site/site-types.ts'
import { buttonClassName, Button } from '#app/components/ui/button.tsx'

/** `/admin/site/pages/`: the CMS pages of every locale, found by locale, words and state. */
export default function SitePages() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ sort: 'path', pageSize: 25 })
  const read = useAdminData<Paged<CmsPageSummary>>('/admin/api/pages', list.apiQuery)
  const [search, setSearch] = useState(list.query.filters.q ?? '')

  const columns: Column<CmsPageSummary>[] = [
    {
      key: 'path',
      header: t('admin.site.pages.path'),
      sortField: 'path',
      render: (page) => (
        <Link
          to={`/admin/site/pages/${page.id}/`}
          className="font-mono text-gold underline-offset-2 hover:underline"
        >
          {page.path}
        </Link>
      ),
    },
    {
      key: 'title',
      header: t('admin.site.pages.title'),
      sortField: 'title',
      render: (p) => p.title,
    },
    { key: 'locale', header: t('admin.site.locale'), render: (page) => page.locale },
    {
      key: 'state',
      header: t('admin.site.pages.state'),
      render: (page) =>
        page.isPublished ? (
          <StatusBadge tone="good">{t('admin.site.pages.published')}</StatusBadge>
        ) : (
          <StatusBadge>{t('admin.site.pages.draft')}</StatusBadge>
        ),
    },
    {
      key: 'updated',
      header: t('admin.site.updated'),
      sortField: 'updatedAt',
      render: (page) => shownTime(page.updatedAt),
    },
  ]

  const newPage = can('content') ? (
    <Link to="/admin/site/pages/new/" className={buttonClassName()}>
      {t('admin.site.pages.new')}
    </Link>
  ) : null

  return (
    <AdminPage
      title={t('admin.site.pages.heading')}
      description={t('admin.site.pages.description')}
      actions={newPage}
    >
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          list.setQuery({ filters: { q: search.trim() } })
        }}
      >
        <Field label={t('admin.site.pages.search')}>
          <TextInput
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field label={t('admin.site.locale')}>
          <Select
            value={list.query.filters.locale ?? ''}
            onChange={(event) => list.setQuery({ filters: { locale: event.target.value } })}
            options={[{ value: '', label: t('admin.site.all_locales') }, ...LOCALE_OPTIONS]}
          />
        </Field>
        <Field label={t('admin.site.pages.state')}>
          <Select
            value={list.query.filters.isPublished ?? ''}
            onChange={(event) => list.setQuery({ filters: { isPublished: event.target.value } })}
            options={[
              { value: '', label: t('admin.site.pages.any_state') },
              { value: 'true', label: t('admin.site.pages.published') },
              { value: 'false', label: t('admin.site.pages.draft') },
            ]}
          />
        </Field>
        <Button type="submit" variant="secondary">
          {t('admin.actions.search')}
        </Button>
      </form>
      <DataTable
        caption={t('admin.site.pages.heading')}
        columns={columns}
        rows={read.data?.items}
        getRowKey={(page) => page.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.site.pages.empty')}
        emptyAction={newPage}
      />
    </AdminPage>
  )
}
