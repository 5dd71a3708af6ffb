import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { Route } from './+types/verify'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch, ApiError } from '#app/lib/api.ts'
import {
  diceRoll,
  minePositions,
  roulettePocket,
  sha256Hex,
  slotOutcome,
  type FairnessInput,
  type SlotSymbol,
} from '#app/lib/fairness.ts'
import { SymbolArt } from '#app/components/games/originals/slots/symbols.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { LiveRoundCheck } from '#app/components/games/live/live-round-check.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { formatHundredths } from '#app/lib/format/game-numbers.ts'
import { LotteryCheck, RewardDrawCheck } from '#app/components/rewards/draw-check.tsx'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'verify.page_title')

const GAMES = ['dice', 'slots', 'roulette', 'mines'] as const
type VerifiableGame = (typeof GAMES)[number]
const isVerifiable = (game: string): game is VerifiableGame =>
  (GAMES as readonly string[]).includes(game)

interface WireBet {
  id: string
  game: string
  outcome: Record<string, unknown>
  server_seed_hash: string | null
  client_seed: string | null
  nonce: number | null
  server_seed: string | null
}

interface Form {
  game: VerifiableGame
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
  nonce: string
  mines: string
}

/** What the browser computes from the seeds, as text to show and a key to compare. */
interface Computed {
  text: string
  key: string
  /** Slots: the reels' window, drawn as symbols. */
  window?: SlotSymbol[][]
}

async function computeOutcome(form: Form, localeTag: string): Promise<Computed | null> {
  const nonce = Number.parseInt(form.nonce, 10)
  if (!form.serverSeed || !form.clientSeed || !Number.isInteger(nonce) || nonce < 0) return null
  const input: FairnessInput = { serverSeed: form.serverSeed, clientSeed: form.clientSeed, nonce }
  switch (form.game) {
    case 'dice': {
      const roll = await diceRoll(input)
      return { text: formatHundredths(roll, localeTag), key: String(roll) }
    }
    case 'roulette': {
      const pocket = await roulettePocket(input)
      return { text: String(pocket), key: String(pocket) }
    }
    case 'slots': {
      const { stops, window } = await slotOutcome(input, 0n)
      return {
        text: window.map((reel) => reel.join(' · ')).join(' | '),
        key: stops.join(','),
        window,
      }
    }
    case 'mines': {
      const mines = Number.parseInt(form.mines, 10)
      if (!Number.isInteger(mines) || mines < 1 || mines > 24) return null
      const positions = await minePositions(input, mines)
      return { text: positions.map((tile) => tile + 1).join(', '), key: positions.join(',') }
    }
  }
}

/** The key of what the server recorded for a bet, comparable with computeOutcome's. */
function recordedKey(bet: WireBet): string | null {
  const { outcome } = bet
  switch (bet.game) {
    case 'dice':
      return typeof outcome.roll === 'number' ? String(outcome.roll) : null
    case 'roulette':
      return typeof outcome.pocket === 'number' ? String(outcome.pocket) : null
    case 'slots':
      return Array.isArray(outcome.stops) ? outcome.stops.join(',') : null
    case 'mines':
      return Array.isArray(outcome.mine_positions) ? outcome.mine_positions.join(',') : null
    default:
      return null
  }
}

function recordedText(bet: WireBet, localeTag: string): string {
  const { outcome } = bet
  switch (bet.game) {
    case 'dice':
      return typeof outcome.roll === 'number' ? formatHundredths(outcome.roll, localeTag) : '–'
    case 'roulette':
      return typeof outcome.pocket === 'number' ? String(outcome.pocket) : '–'
    case 'slots':
      return Array.isArray(outcome.window)
        ? (outcome.window as string[][]).map((reel) => reel.join(' · ')).join(' | ')
        : '–'
    case 'mines':
      return Array.isArray(outcome.mine_positions)
        ? (outcome.mine_positions as number[]).map((tile) => tile + 1).join(', ')
        : '–'
    default:
      return '–'
  }
}

const EMPTY: Form = {
  game: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  mines: '3',
}

/**
 * The verify page: any bet of the Originals recomputed in the browser from its
 * server seed, client seed and nonce with WebCrypto (`app/lib/fairness.ts`, the server's rule),
 * beside the recorded outcome, and the server seed's SHA-256 against the hash committed before
 * play. `?bet=<id>` loads one of the signed-in player's bets.
 */
export default function VerifyPage({ params: route }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const [params] = useSearchParams()
  const betId = params.get('bet')
  const drawId = params.get('draw')
  const lotteryId = Number.parseInt(params.get('lottery') ?? '', 10)
  const [form, setForm] = useState<Form>(EMPTY)
  const [bet, setBet] = useState<WireBet | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [computed, setComputed] = useState<Computed | null>(null)
  const [hash, setHash] = useState<string | null>(null)
  const [isRotating, setRotating] = useState(false)

  async function loadBet(id: string) {
    try {
      const { data } = await apiFetch<{ data: WireBet }>(`/games/originals/bets/${id}`)
      setBet(data)
      setLoadError(null)
      const mines = data.outcome.mines
      setForm({
        game: isVerifiable(data.game) ? data.game : 'dice',
        serverSeed: data.server_seed ?? '',
        serverSeedHash: data.server_seed_hash ?? '',
        clientSeed: data.client_seed ?? '',
        nonce: String(data.nonce ?? 0),
        mines: typeof mines === 'number' ? String(mines) : '3',
      })
    } catch (error) {
      setLoadError(
        error instanceof ApiError && error.message ? error.message : t('verify.load_failed'),
      )
    }
  }

  useEffect(() => {
    if (betId) void loadBet(betId)
  }, [betId])

  useEffect(() => {
    let isCurrent = true
    void computeOutcome(form, localeTag).then((result) => {
      if (isCurrent) setComputed(result)
    })
    void (form.serverSeed ? sha256Hex(form.serverSeed) : Promise.resolve(null)).then((value) => {
      if (isCurrent) setHash(value)
    })
    return () => {
      isCurrent = false
    }
  }, [form, localeTag])

  async function rotate() {
    if (!betId) return
    setRotating(true)
    try {
      await apiFetch('/games/originals/seeds/rotate', { method: 'POST', body: {} })
      await loadBet(betId)
    } catch (error) {
      setLoadError(error instanceof ApiError && error.message ? error.message : t('game_ui.error'))
    } finally {
      setRotating(false)
    }
  }

  const liveRound =
    bet?.outcome.live === true && typeof bet.outcome.round_number === 'number'
      ? { game: bet.game, number: bet.outcome.round_number }
      : params.get('live') && Number.parseInt(params.get('round') ?? '', 10) > 0
        ? {
            game: params.get('live') ?? '',
            number: Number.parseInt(params.get('round') ?? '', 10),
          }
        : null
  const set = (field: keyof Form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }))
  const recorded = bet && recordedKey(bet)
  const isHashMatch =
    hash !== null && form.serverSeedHash !== '' && hash === form.serverSeedHash.trim()
  const isOutcomeMatch = recorded !== null && computed !== null && recorded === computed.key
  const verdict =
    bet === null
      ? null
      : !form.serverSeed
        ? 'pending'
        : isHashMatch && isOutcomeMatch
          ? 'verified'
          : 'mismatch'

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <PageHeading title={t('verify.title')} intro={t('verify.intro')} />
      {/* A live game's bet or round: proven by the round's hash and the published chain. */}
      {liveRound ? <LiveRoundCheck game={liveRound.game} number={liveRound.number} /> : null}
      {/* A wheel spin, a lootbox opening or a lottery draw: recomputed from its own seeds. */}
      {drawId ? <RewardDrawCheck id={drawId} locale={route.locale} /> : null}
      {lotteryId > 0 ? <LotteryCheck id={lotteryId} locale={route.locale} /> : null}
      {loadError ? (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-danger/50 bg-danger/10 p-3 text-sm text-danger"
        >
          {loadError}
        </p>
      ) : null}
      {verdict ? (
        <div
          data-testid="verify-result"
          data-verdict={verdict}
          role="status"
          className={`mb-6 flex items-center gap-3 rounded-2xl border p-4 ${
            verdict === 'verified'
              ? 'border-success/60 bg-success/10 text-success'
              : verdict === 'pending'
                ? 'border-line bg-surface-raised text-ink-muted'
                : 'border-danger/60 bg-danger/10 text-danger'
          }`}
        >
          <span aria-hidden="true" className="text-2xl">
            {verdict === 'verified' ? '✓' : verdict === 'pending' ? '…' : '✗'}
          </span>
          <div className="flex-1">
            <p className="font-extrabold">{t(`verify.verdict_${verdict}`)}</p>
            {verdict === 'pending' ? <p className="text-sm">{t('verify.pending_text')}</p> : null}
          </div>
          {verdict === 'pending' ? (
            <Button
              type="button"
              isBusy={isRotating}
              onClick={() => void rotate()}
              data-testid="verify-rotate"
            >
              {t('verify.rotate')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <form
        className="grid gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 sm:p-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col gap-1.5 sm:col-span-2">
          <span className="text-sm font-medium text-ink">{t('verify.game')}</span>
          <select
            value={form.game}
            onChange={(event) => set('game')(event.target.value)}
            className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink"
            data-testid="verify-game"
          >
            {GAMES.map((game) => (
              <option key={game} value={game}>
                {t(`games.kind.${game}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('verify.server_seed')}
          value={form.serverSeed}
          onChange={(event) => set('serverSeed')(event.target.value.trim())}
          className="sm:col-span-2"
          spellCheck={false}
          data-testid="verify-server-seed"
        />
        <TextField
          label={t('verify.server_seed_hash')}
          value={form.serverSeedHash}
          onChange={(event) => set('serverSeedHash')(event.target.value.trim())}
          className="sm:col-span-2"
          spellCheck={false}
        />
        <TextField
          label={t('verify.client_seed')}
          value={form.clientSeed}
          onChange={(event) => set('clientSeed')(event.target.value)}
          spellCheck={false}
          data-testid="verify-client-seed"
        />
        <TextField
          label={t('verify.nonce')}
          value={form.nonce}
          inputMode="numeric"
          onChange={(event) => set('nonce')(event.target.value.replace(/\D/g, ''))}
          data-testid="verify-nonce"
        />
        {form.game === 'mines' ? (
          <TextField
            label={t('verify.mines')}
            value={form.mines}
            inputMode="numeric"
            onChange={(event) => set('mines')(event.target.value.replace(/\D/g, ''))}
          />
        ) : null}
      </form>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl border border-line bg-surface-raised p-4">
          <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('verify.computed')}
          </dt>
          <dd
            className="mt-1 font-mono text-lg font-bold break-words text-ink"
            data-testid="verify-computed"
          >
            {computed?.window ? <SlotWindow window={computed.window} /> : (computed?.text ?? '–')}
          </dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface-raised p-4">
          <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('verify.recorded')}
          </dt>
          <dd
            className="mt-1 font-mono text-lg font-bold break-words text-ink"
            data-testid="verify-recorded"
          >
            {bet?.game === 'slots' && Array.isArray(bet.outcome.window) ? (
              <SlotWindow window={bet.outcome.window as SlotSymbol[][]} />
            ) : bet ? (
              recordedText(bet, localeTag)
            ) : (
              '–'
            )}
          </dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface-raised p-4 sm:col-span-2">
          <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('verify.hash_check')}
          </dt>
          <dd className="mt-1 font-mono text-xs break-all text-ink">{hash ?? '–'}</dd>
          {hash && form.serverSeedHash ? (
            <dd
              className={`mt-1 text-sm font-bold ${isHashMatch ? 'text-success' : 'text-danger'}`}
            >
              {isHashMatch ? t('verify.hash_match') : t('verify.hash_mismatch')}
            </dd>
          ) : null}
        </div>
      </dl>
      <p className="mt-6 text-sm leading-relaxed text-ink-muted">{t('verify.how')}</p>
    </div>
  )
}

/** A Slots window as the reels showed it: five columns of three symbols. */
function SlotWindow({ window }: { window: SlotSymbol[][] }) {
  return (
    <span
      className="grid w-fit grid-cols-5 gap-1"
      data-window={window.map((reel) => reel.join(',')).join('|')}
    >
      {window.map((reel, index) => (
        <span key={index} className="flex flex-col gap-1">
          {reel.map((symbol, row) => (
            <span key={row} className="size-9 rounded-md bg-surface-sunken p-0.5" title={symbol}>
              <SymbolArt symbol={symbol} />
            </span>
          ))}
        </span>
      ))}
    </span>
  )
}
