import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { Field, FormError, Select, SubmitButton, fieldErrors } from '#app/components/admin/form.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { MenuEditor } from '#app/components/admin/site/menu-editor.tsx'
import {
  LOCALE_OPTIONS,
  shownTime,
  type MenuItem,
  type SiteMenu,
} from '#app/components/admin/site/site-types.ts'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

/** `/admin/site/menus/`: one menu of one locale at a time, both kept in the address. */
export default function SiteMenus() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const locale = params.get('locale') ?? 'en'
  const menuKey = params.get('menu') ?? 'header'
  const { data, error, isLoading, reload } = useAdminData<{ locale: string; menus: SiteMenu[] }>(
    '/admin/api/menus',
    { locale },
  )
  const choose = (patch: { locale?: string; menu?: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(patch)) next.set(name, value)
        return next
      },
      { replace: true },
    )
  const menu =
    data?.locale === locale ? data.menus.find((entry) => entry.menu === menuKey) : undefined

  return (
    <AdminPage
      title={t('admin.site.menus.heading')}
      description={t('admin.site.menus.description')}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field label={t('admin.site.locale')}>
          <Select
            value={locale}
            onChange={(event) => choose({ locale: event.target.value })}
            options={LOCALE_OPTIONS}
          />
        </Field>
        <Field label={t('admin.site.menus.menu')}>
          <Select
            value={menuKey}
            onChange={(event) => choose({ menu: event.target.value })}
            options={(data?.menus ?? [{ menu: menuKey }]).map((entry) => ({
              value: entry.menu,
              label: t(`admin.site.menus.names.${entry.menu}`, { defaultValue: entry.menu }),
            }))}
          />
        </Field>
      </div>
      {menu ? (
        <MenuForm key={`${locale} ${menu.menu}`} locale={locale} menu={menu} onSaved={reload} />
      ) : error ? (
        <LoadError
          text={`${t('admin.site.menus.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : null}
    </AdminPage>
  )
}

/**
 * English's menu as the starting point of a locale that has none: its site addresses moved to
 * the locale's prefix, so saving it does not send that locale's visitors to English pages.
 */
function localised(items: MenuItem[], locale: string): MenuItem[] {
  return items.map((item) => ({
    ...item,
    url: item.isExternal ? item.url : item.url.replace(/^\/en\//, `/${locale}/`),
    ...(item.children && { children: localised(item.children, locale) }),
  }))
}

function MenuForm({
  locale,
  menu,
  onSaved,
}: {
  locale: string
  menu: SiteMenu
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const isReadOnly = !can('content')
  const [items, setItems] = useState<MenuItem[]>(() =>
    menu.isFallback ? localised(menu.items, locale) : menu.items,
  )
  const [notice, setNotice] = useState('')

  const { isBusy, error, submit } = useFormSubmit(async () => {
    await adminSend('PUT', `/admin/api/menus/${locale}/${menu.menu}`, { items })
    setNotice(t('admin.site.menus.saved', { locale }))
    onSaved()
  })

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm text-ink-muted">
        {menu.isFallback
          ? t('admin.site.menus.fallback', { locale })
          : t('admin.site.menus.updated_at', { time: shownTime(menu.updatedAt) })}{' '}
        {t('admin.site.menus.url_hint', { locale })}
      </p>
      <MenuEditor
        items={items}
        onChange={(next) => {
          setItems(next)
          setNotice('')
        }}
        errors={fieldErrors(error)}
        isReadOnly={isReadOnly}
        locale={locale}
      />
      <FormError error={error} />
      <p role="status" className="text-sm text-success">
        {notice}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {isReadOnly ? null : (
          <SubmitButton isBusy={isBusy}>{t('admin.site.menus.save')}</SubmitButton>
        )}
        <a
          href={`/${locale}/`}
          target="_blank"
          rel="noreferrer"
          className="text-sm text-gold underline-offset-2 hover:underline"
        >
          {t('admin.site.open_site', { locale })}
        </a>
      </div>
    </form>
  )
}
