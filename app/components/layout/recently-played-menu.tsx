import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'
import { loadRecentlyPlayed, useRecentlyPlayedStatus } from '#app/state/recently-played.ts'
import { useUserStore } from '#app/state/user-store.ts'

/** A side menu is a short list: the lobby shows more. */
const SHOWN = 5

/** `/{loc}/game/{slug}/`: opening one puts the game first (the game page's loader records it). */
const isGamePath = (pathname: string) => /^\/[^/]+\/game\/[^/]+/.test(pathname)

/**
 * The signed-in player's recently played games in the side menu and the phone's drawer: a
 * thumbnail and a title each, linking to the game. Fetched on the first page (or on signing in)
 * and again whenever the player opens or leaves a game, so the game just played is on top when
 * the menu is next seen.
 * In the collapsed side menu only the thumbnails stay.
 */
export function RecentlyPlayedMenu({ itemClassName }: { itemClassName: string }) {
  const { t } = useTranslation()
  const { player, locale } = useRootData()
  const games = useUserStore((state) => state.recentlyPlayedGames)
  const status = useRecentlyPlayedStatus((state) => state.status)
  const { pathname } = useLocation()
  const previousPath = useRef<string | null>(null)
  const isSignedIn = player !== null
  const wasSignedIn = useRef(false)

  useEffect(() => {
    const before = previousPath.current
    const hasJustSignedIn = isSignedIn && !wasSignedIn.current
    const hasJustSignedOut = !isSignedIn && wasSignedIn.current
    previousPath.current = pathname
    wasSignedIn.current = isSignedIn
    // The next player in this tab starts from "loading", not from the last one's "empty".
    if (hasJustSignedOut) useRecentlyPlayedStatus.setState({ status: 'idle' })
    if (!isSignedIn) return
    if (hasJustSignedIn || (before !== null && (isGamePath(before) || isGamePath(pathname)))) {
      void loadRecentlyPlayed()
    }
  }, [isSignedIn, pathname])

  if (!isSignedIn) return null
  const shown = games.slice(0, SHOWN)
  // A list from this tab's earlier pages is shown while the fresh one loads, and kept if it fails.
  const isLoading = shown.length === 0 && (status === 'idle' || status === 'loading')

  return (
    <section aria-labelledby="recently-played-menu-heading" data-testid="recently-played-menu">
      <h2
        id="recently-played-menu-heading"
        className="px-3 pb-2 text-xs font-semibold tracking-wider text-ink-muted uppercase group-data-[collapsed=true]/aside:sr-only"
      >
        {t('nav.recently_played')}
      </h2>
      {isLoading ? (
        <div
          role="status"
          aria-label={t('nav.recently_played_loading')}
          className="flex flex-col gap-2 px-3"
        >
          {[0, 1, 2].map((row) => (
            <span
              key={row}
              className="flex items-center gap-3 group-data-[collapsed=true]/aside:justify-center"
            >
              <Skeleton className="h-10 w-8 shrink-0 rounded-md" />
              <Skeleton className="h-3 flex-1 group-data-[collapsed=true]/aside:hidden" />
            </span>
          ))}
        </div>
      ) : shown.length === 0 && status === 'error' ? (
        <p
          role="alert"
          className="flex flex-wrap items-center gap-2 px-3 text-xs text-ink-muted group-data-[collapsed=true]/aside:hidden"
        >
          {t('nav.recently_played_error')}
          <button
            type="button"
            onClick={() => void loadRecentlyPlayed()}
            className="font-semibold text-gold underline-offset-2 hover:underline"
          >
            {t('nav.recently_played_retry')}
          </button>
        </p>
      ) : shown.length === 0 ? (
        <p className="px-3 text-xs text-ink-muted group-data-[collapsed=true]/aside:hidden">
          {t('nav.recently_played_empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {shown.map((game) => (
            <li key={game.id}>
              <NavLink
                to={`/${locale}/game/${game.slug}/`}
                className={({ isActive }) =>
                  `${itemClassName} !py-1.5 ${isActive ? 'is-active' : ''}`
                }
                data-testid="recently-played-menu-game"
              >
                <img
                  src={game.thumbnail_url}
                  alt=""
                  width={30}
                  height={40}
                  loading="lazy"
                  decoding="async"
                  className="h-10 w-[1.875rem] shrink-0 rounded-md border border-line object-cover"
                />
                <span
                  dir="auto"
                  className="min-w-0 truncate group-data-[collapsed=true]/aside:sr-only"
                >
                  {game.title}
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
