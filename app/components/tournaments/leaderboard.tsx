import { useTranslation } from 'react-i18next'
import { usePrizeText } from '#app/components/rewards/prize-text.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import type { TournamentScoring } from '#common/tournament-rules.ts'
import type {
  Standing,
  TournamentDetails,
} from '#server/modules/tournaments/tournaments.contract.ts'
import { scoreText } from './format.ts'

// Gold, silver and bronze, each with text dark or light enough on it in both themes.
const MEDALS = [
  'bg-gold-strong text-on-gold',
  'bg-ink-muted text-surface',
  'bg-[#c9843f] text-on-gold',
]

/** A place number; the first three as medals. */
function PlaceMark({ place }: { place: number }) {
  const tag = useLocaleTag()
  const medal = MEDALS[place - 1]
  return (
    <span
      className={`inline-flex h-7 min-w-7 items-center justify-center rounded-full px-1.5 text-xs font-bold tabular-nums ${
        medal ?? 'bg-line/70 text-ink'
      }`}
    >
      {new Intl.NumberFormat(tag).format(place)}
    </span>
  )
}

/** "You" beside the player's own name. */
function YouMark() {
  const { t } = useTranslation()
  return (
    <span className="shrink-0 rounded-full bg-gold-strong px-2 py-0.5 text-[11px] font-bold text-on-gold">
      {t('tournaments.page.you')}
    </span>
  )
}

function BoardRow({
  row,
  scoring,
  hasMoved,
  testId,
}: {
  row: Standing
  scoring: TournamentScoring
  hasMoved: boolean
  testId: string
}) {
  const localeTag = useLocaleTag()
  return (
    <li
      data-testid={testId}
      data-entry={row.entry_id}
      data-place={row.place}
      data-own={row.is_own ? 'true' : undefined}
      data-moved={hasMoved ? 'true' : undefined}
      className={`grid grid-cols-[auto_1fr_auto] items-center gap-3 rounded-xl px-3 py-2 ${
        row.is_own ? 'border border-gold/70 bg-gold/10' : 'border border-transparent'
      } ${hasMoved ? 'animate-row-moved' : ''}`}
    >
      <PlaceMark place={row.place} />
      <span className="flex min-w-0 items-center gap-2">
        {/* A name keeps its own direction ("Aiko T." stays so on a right-to-left page). */}
        <bdi className={`truncate text-sm ${row.is_own ? 'font-bold text-ink' : 'text-ink'}`}>
          {row.player}
        </bdi>
        {row.is_own ? <YouMark /> : null}
      </span>
      <span className="text-end text-sm font-bold text-ink tabular-nums" data-testid="board-score">
        <bdi dir="ltr">{scoreText(scoring, row.score, localeTag)}</bdi>
      </span>
    </li>
  )
}

/** The columns' names above the rows (the score's names its unit). */
function BoardHeader({ scoring }: { scoring: TournamentScoring }) {
  const { t } = useTranslation()
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-[auto_1fr_auto] gap-3 px-3 pb-1 text-xs font-semibold text-ink-muted"
    >
      <span className="min-w-7">{t('tournaments.page.place')}</span>
      <span>{t('tournaments.page.player')}</span>
      <span className="text-end">{t(`tournaments.page.score_of.${scoring}`)}</span>
    </div>
  )
}

/**
 * The leaderboard: the top rows, then the player's own row below a divider when it is not among
 * them. The own row is outlined in gold; rows the last live message moved flash once.
 */
export function Leaderboard({
  top,
  own,
  scoring,
  moved = [],
  version,
}: {
  top: readonly Standing[]
  own: Standing | null
  scoring: TournamentScoring
  moved?: readonly string[]
  version: number
}) {
  const { t } = useTranslation()
  const isOwnOutside = own !== null && !top.some((row) => row.entry_id === own.entry_id)
  if (top.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted"
        data-testid="board-empty"
      >
        {t('tournaments.page.board_empty')}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-1" data-testid="board-rows" data-version={version}>
      <BoardHeader scoring={scoring} />
      <ol className="flex flex-col gap-1" aria-label={t('tournaments.page.board')}>
        {top.map((row) => (
          <BoardRow
            // A row that moves again gets a new key: the highlight plays once per move.
            key={moved.includes(row.entry_id) ? `${row.entry_id}:${String(version)}` : row.entry_id}
            row={row}
            scoring={scoring}
            hasMoved={moved.includes(row.entry_id)}
            testId="board-row"
          />
        ))}
      </ol>
      {isOwnOutside ? (
        <>
          <div
            role="separator"
            aria-label={t('tournaments.page.your_place')}
            className="my-1 flex items-center gap-2 px-3 text-xs text-ink-muted"
          >
            <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line" />
            <span aria-hidden="true">⋯</span>
            <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line" />
          </div>
          <ol aria-label={t('tournaments.page.your_place')}>
            <BoardRow
              key={
                moved.includes(own.entry_id) ? `${own.entry_id}:${String(version)}` : own.entry_id
              }
              row={own}
              scoring={scoring}
              hasMoved={moved.includes(own.entry_id)}
              testId="board-own"
            />
          </ol>
        </>
      ) : null}
    </div>
  )
}

/** The prize table: each place or range of places and what it wins. */
export function PrizeTable({ prizes }: { prizes: TournamentDetails['prizes'] }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const prizeText = usePrizeText()
  const number = (value: number) => new Intl.NumberFormat(tag).format(value)
  return (
    <table className="w-full text-sm" data-testid="tournament-prizes">
      <caption className="sr-only">{t('tournaments.page.prizes')}</caption>
      <thead>
        <tr className="text-xs text-ink-muted">
          <th scope="col" className="py-1.5 pe-3 text-start font-semibold">
            {t('tournaments.page.place')}
          </th>
          <th scope="col" className="py-1.5 text-start font-semibold">
            {t('tournaments.page.prize')}
          </th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((row) => (
          <tr key={row.from_place} className="border-t border-line">
            <td className="py-2 pe-3 font-bold whitespace-nowrap text-gold tabular-nums">
              {row.from_place === row.to_place ? (
                number(row.from_place)
              ) : (
                <bdi dir="ltr">
                  {number(row.from_place)}–{number(row.to_place)}
                </bdi>
              )}
            </td>
            {/* The operator's label names the prize; the site's words only stand in for a missing one. */}
            <td className="py-2 font-semibold text-ink">{row.label || prizeText(row.prize)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * A finished tournament's results: every placed row that won, then the player's own row if it did
 * not; a place settled by the provably fair draw is marked and explained once below.
 */
export function Results({
  results,
  scoring,
}: {
  results: TournamentDetails['results']
  scoring: TournamentScoring
}) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const prizeText = usePrizeText()
  const hasDraw = results.some((row) => row.by_draw)
  if (results.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted"
        data-testid="results-empty"
      >
        {t('tournaments.page.results_empty')}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <BoardHeader scoring={scoring} />
      <ol className="flex flex-col gap-1" data-testid="tournament-results">
        {results.map((row) => (
          <li
            key={`${String(row.place)}-${row.player}`}
            data-testid="result-row"
            data-place={row.place}
            data-own={row.is_own ? 'true' : undefined}
            className={`grid grid-cols-[auto_1fr_auto] items-center gap-3 rounded-xl px-3 py-2 ${
              row.is_own ? 'border border-gold/70 bg-gold/10' : 'border border-transparent'
            }`}
          >
            <PlaceMark place={row.place} />
            <span className="flex min-w-0 flex-col">
              <span className="flex min-w-0 items-center gap-2">
                <bdi className={`truncate text-sm text-ink ${row.is_own ? 'font-bold' : ''}`}>
                  {row.player}
                </bdi>
                {row.is_own ? <YouMark /> : null}
                {row.by_draw ? (
                  <span
                    className="shrink-0 rounded-full border border-accent/60 px-2 py-0.5 text-[11px] font-semibold text-ink"
                    data-testid="result-by-draw"
                  >
                    {t('tournaments.page.by_draw')}
                  </span>
                ) : null}
              </span>
              <span className="truncate text-xs text-ink-muted" data-testid="result-prize">
                {row.prize ? (row.label ?? prizeText(row.prize)) : t('tournaments.page.no_prize')}
              </span>
            </span>
            <span className="text-end text-sm font-bold text-ink tabular-nums">
              <bdi dir="ltr">{scoreText(scoring, row.score, localeTag)}</bdi>
            </span>
          </li>
        ))}
      </ol>
      {hasDraw ? (
        <p className="text-xs text-ink-muted" data-testid="by-draw-explained">
          {t('tournaments.page.by_draw_explained')}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The tie-break's fairness: the server seed's hash, published before the end, and once it is over
 * the server seed and client seed that anyone can check against it.
 */
export function Fairness({ details }: { details: TournamentDetails }) {
  const { t } = useTranslation()
  const isRevealed = details.server_seed !== null
  const line = (label: string, value: string, testId: string) => (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-ink-muted">{label}</dt>
      <dd
        className="font-mono text-xs break-all text-ink"
        dir="ltr"
        data-testid={testId}
        translate="no"
      >
        {value}
      </dd>
    </div>
  )
  return (
    <section
      aria-labelledby="tournament-fairness"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
      data-testid="tournament-fairness"
      data-revealed={isRevealed ? 'true' : 'false'}
    >
      <h2 id="tournament-fairness" className="text-base font-bold text-ink">
        {t('tournaments.page.fairness')}
      </h2>
      <p className="text-sm text-ink-muted">
        {isRevealed ? t('tournaments.page.fairness_after') : t('tournaments.page.fairness_before')}
      </p>
      <dl className="flex flex-col gap-2">
        {line(t('tournaments.page.server_seed_hash'), details.server_seed_hash, 'fairness-hash')}
        {details.server_seed !== null
          ? line(t('tournaments.page.server_seed'), details.server_seed, 'fairness-server-seed')
          : null}
        {details.client_seed !== null
          ? line(t('tournaments.page.client_seed'), details.client_seed, 'fairness-client-seed')
          : null}
      </dl>
    </section>
  )
}
