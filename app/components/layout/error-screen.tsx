import { useTranslation } from 'react-i18next'
import { isChunkLoadError, reloadAfterChunkFailure } from '#app/lib/chunk-reload.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import { useEffect } from 'react'
import { AppLink } from '#app/components/ui/app-link.tsx'

/**
 * A 404 reads "Page Not Found" followed by the path; any other status reads "Internal
 * Server Error". The words come in the player's language when the catalogue is loaded.
 */
export function ErrorScreen({
  status,
  path,
  error,
}: {
  status: number
  path: string
  error?: unknown
}) {
  const { t } = useTranslation()
  const root = useOptionalRootData()
  const isNotFound = status === 404
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure(window.location.pathname)
  }, [error])
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-20 text-center"
      data-testid="error-screen"
    >
      <p className="text-6xl font-black text-gold/80">{status}</p>
      <h1 className="text-2xl font-bold text-ink">
        {isNotFound
          ? t('errors.page_not_found', { defaultValue: 'Page Not Found' })
          : t('errors.internal_server_error', { defaultValue: 'Internal Server Error' })}
        {isNotFound ? (
          <span className="mt-2 block break-all text-base font-normal text-ink-muted"> {path}</span>
        ) : null}
      </h1>
      {root ? (
        <AppLink
          to={`/${root.locale}/`}
          className="rounded-xl bg-gold px-5 py-2.5 font-semibold text-surface hover:bg-gold-strong"
        >
          {t('errors.back_home', { defaultValue: 'Back to the home page' })}
        </AppLink>
      ) : (
        <a href="/" className="rounded-xl bg-gold px-5 py-2.5 font-semibold text-surface">
          Aurum
        </a>
      )}
    </section>
  )
}
