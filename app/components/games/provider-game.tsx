import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

type Launch =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string }

/**
 * A studio's game in an iframe (seamless wallet, docs/provider-api.md). The address comes from
 * `POST /games/provider/launch` when the screen opens, so each visit carries a fresh one-time
 * token for real play; demo carries none and the studio keeps the play money. The catalogue lists
 * only titles an integrated studio serves (docs/decisions/010), so a refusal is an error to
 * retry.
 */
export function ProviderGame(props: {
  mode: 'real' | 'demo'
  currency: string
  locale: string
  game: { slug: string; title: string; providerName: string }
}) {
  const { t } = useTranslation()
  const [launch, setLaunch] = useState<Launch>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const { mode, currency, locale, game } = props

  useEffect(() => {
    let isCurrent = true
    setLaunch({ status: 'loading' })
    apiFetch<{ data: { url: string } }>('/games/provider/launch', {
      method: 'POST',
      body: { slug: game.slug, mode, currency, locale },
    })
      .then((answer) => {
        if (isCurrent) setLaunch({ status: 'ready', url: answer.data.url })
      })
      .catch((error: unknown) => {
        if (!isCurrent) return
        setLaunch({
          status: 'failed',
          message: error instanceof ApiError ? error.message : t('games.launch_error'),
        })
      })
    return () => {
      isCurrent = false
    }
  }, [game.slug, mode, currency, locale, attempt, t])

  if (launch.status === 'loading') {
    return <Skeleton className="h-[min(78vh,640px)] min-h-[26rem] w-full rounded-2xl" />
  }
  if (launch.status === 'failed') {
    return (
      <div
        className="flex min-h-[18rem] flex-col items-center justify-center gap-3 rounded-2xl border border-line bg-surface-raised p-6 text-center"
        role="alert"
        data-testid="provider-launch-error"
      >
        <p className="text-ink">{launch.message}</p>
        <button
          type="button"
          className="rounded-lg border border-line bg-surface px-4 py-2 text-sm font-semibold text-ink hover:border-gold/60"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {t('games.launch_retry')}
        </button>
      </div>
    )
  }
  return (
    <iframe
      key={launch.url}
      src={launch.url}
      title={t('games.studio_frame', { title: game.title, provider: game.providerName })}
      className="block h-[min(78vh,640px)] min-h-[26rem] w-full rounded-2xl border-0 bg-black"
      allow="fullscreen; autoplay"
      referrerPolicy="no-referrer"
      data-testid="provider-frame"
    />
  )
}
