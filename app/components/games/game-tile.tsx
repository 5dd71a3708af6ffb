import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CatalogueGame } from '#server/modules/catalogue/catalogue.contract.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

/** One game in a grid: its art, title and studio; opens the game screen. */
export function GameTile({ game, locale }: { game: CatalogueGame; locale: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to={`/${locale}/game/${game.slug}/`}
      className="group flex flex-col gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-gold"
      data-testid="game-tile"
      prefetch="intent"
    >
      <span className="relative block aspect-[3/4] overflow-hidden rounded-xl border border-line bg-surface-raised">
        <img
          src={game.thumbnail_url}
          alt=""
          width={300}
          height={400}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
        {game.is_live ? (
          <span className="absolute top-2 start-2 rounded-md bg-red-700 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white uppercase">
            {t('lobby.live_badge')}
          </span>
        ) : null}
      </span>
      <span className="min-w-0">
        <span
          dir="auto"
          className="block truncate text-sm font-semibold text-ink group-hover:text-gold rtl:text-right"
        >
          {game.title}
        </span>
        <span dir="auto" className="block truncate text-xs text-ink-muted rtl:text-right">
          {game.provider_name}
        </span>
      </span>
    </Link>
  )
}

/** The grid's placeholders while a listing loads. */
export function GameGridSkeleton({ count = 12, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className={GRID_CLASS} data-testid="game-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="aspect-[3/4] w-full rounded-xl" />
          <Skeleton className="h-3.5 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  )
}

export const GRID_CLASS =
  'grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-7'
