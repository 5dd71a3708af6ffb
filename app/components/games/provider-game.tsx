import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { refusalMessage, type GameMessage } from '#app/lib/fairness-play.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { GameMessageText } from './game-shell.tsx'
import {
  useRealityCheckPause,
  useRealityCheckReport,
} from './reality-check/reality-check-context.tsx'
import { studioRefusalReason } from './reality-check/reality-check-rules.ts'

type Launch =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; message: GameMessage }

/**
 * A studio's game in an iframe (seamless wallet, docs/provider-api.md). The address comes from
 * `POST /games/provider/launch` when the screen opens, so each visit carries a fresh one-time
 * token for real play; demo carries none and the studio keeps the play money. The catalogue lists
 * only titles an integrated studio serves (docs/decisions/010), so a refusal is an error to
 * retry, or a break's, which says when it ends. While the reality check waits for an answer the
 * frame is covered and inert: the studio's page cannot be played under the dialog.
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
  const frame = useRef<HTMLIFrameElement>(null)
  const isPaused = useRealityCheckPause()
  const { reportStudioRefusal } = useRealityCheckReport()

  // The studio's page tells this one when the casino refused its bet, so a reality check that is
  // due opens here at once; only the frame's own window is listened to.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== frame.current?.contentWindow) return
      const reason = studioRefusalReason(event.data)
      if (reason) reportStudioRefusal(reason)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [reportStudioRefusal])

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
        setLaunch({ status: 'failed', message: refusalMessage(error, t('games.launch_error')) })
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
        <p className="text-ink">
          <GameMessageText message={launch.message} />
        </p>
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
    <div className="relative" inert={isPaused} data-testid="provider-stage">
      <iframe
        ref={frame}
        key={launch.url}
        src={launch.url}
        title={t('games.studio_frame', { title: game.title, provider: game.providerName })}
        className="block h-[min(78vh,640px)] min-h-[26rem] w-full rounded-2xl border-0 bg-black"
        allow="fullscreen; autoplay"
        referrerPolicy="no-referrer"
        data-testid="provider-frame"
      />
      {isPaused ? (
        <div
          aria-hidden="true"
          className="absolute inset-0 rounded-2xl bg-black/70"
          data-testid="provider-frame-cover"
        />
      ) : null}
    </div>
  )
}
