import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { FormError } from '#app/components/admin/form.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import type { SettingsAnswer } from '#app/components/admin/site/site-types.ts'
import { Button } from '#app/components/ui/button.tsx'
import { CountrySelect } from '#app/components/ui/country-select.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { flagUrl, listCountries } from '#app/lib/countries.ts'

/**
 * `/admin/site/countries/`: the countries whose visitors see the restricted page and cannot sign
 * in, deposit or play. Each addition or removal is saved at once.
 */
export default function SiteCountries() {
  const { t } = useTranslation()
  const { data, error, isLoading, reload } = useAdminData<SettingsAnswer>('/admin/api/settings')
  return (
    <AdminPage
      title={t('admin.site.countries.heading')}
      description={t('admin.site.countries.description')}
    >
      {data ? (
        <BlockedCountries initial={data.settings.blockedCountries} />
      ) : error ? (
        <LoadError
          text={`${t('admin.site.settings.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : null}
    </AdminPage>
  )
}

function BlockedCountries({ initial }: { initial: string[] }) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const canEdit = can('content')
  const [blocked, setBlocked] = useState(initial)
  const [picked, setPicked] = useState('')
  const [busyCode, setBusyCode] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const names = useMemo(
    () => new Map(listCountries('en').map((country) => [country.code, country.name])),
    [],
  )
  const nameOf = (code: string) => names.get(code) ?? code
  const shown = useMemo(
    () => [...blocked].sort((a, b) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b, 'en')),
    [blocked, names],
  )

  const save = async (next: string[], code: string, message: string) => {
    setBusyCode(code)
    setError(null)
    setNotice('')
    try {
      const answer = await adminSend<SettingsAnswer>('PUT', '/admin/api/settings', {
        blockedCountries: next,
      })
      setBlocked(answer.settings.blockedCountries)
      setNotice(message)
      setPicked('')
    } catch (caught) {
      setError(caught)
    } finally {
      setBusyCode(null)
    }
  }

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      {canEdit ? (
        <form
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault()
            if (picked)
              void save(
                [...blocked, picked],
                picked,
                t('admin.site.countries.added', { name: nameOf(picked) }),
              )
          }}
        >
          <CountrySelect
            label={t('admin.site.countries.pick')}
            name="country"
            value={picked}
            onChange={setPicked}
            localeTag="en"
            excluded={blocked}
            placeholder={t('admin.site.countries.pick_placeholder')}
          />
          <Button
            type="submit"
            disabled={!picked || busyCode !== null}
            isBusy={busyCode === picked && picked !== ''}
          >
            {t('admin.site.countries.block')}
          </Button>
        </form>
      ) : null}
      <FormError error={error} />
      <p role="status" className="text-sm text-success">
        {notice}
      </p>
      <section aria-labelledby="blocked-countries-heading" className="flex flex-col gap-2">
        <h2 id="blocked-countries-heading" className="text-lg font-semibold">
          {t('admin.site.countries.list_heading', { count: shown.length })}
        </h2>
        {shown.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('admin.site.countries.none')}</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised">
            {shown.map((code) => (
              <li key={code} className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
                <span className="flex items-center gap-3">
                  <img src={flagUrl(code)} alt="" width={24} height={18} className="rounded-sm" />
                  <span>
                    {nameOf(code)} <span className="text-ink-muted">({code})</span>
                  </span>
                </span>
                {canEdit ? (
                  <Button
                    type="button"
                    variant="secondary"
                    isBusy={busyCode === code}
                    disabled={busyCode !== null}
                    aria-label={t('admin.site.countries.unblock_named', { name: nameOf(code) })}
                    onClick={() =>
                      void save(
                        blocked.filter((other) => other !== code),
                        code,
                        t('admin.site.countries.removed', { name: nameOf(code) }),
                      )
                    }
                  >
                    {t('admin.site.countries.unblock')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
