import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch, ApiError } from '#app/lib/api.ts'
import { sha256Hex, uint32s, uniformInt } from '#app/lib/fairness.ts'
import {
  crashPointBp,
  isLiveGame,
  liveFairnessInput,
  multiplierText,
  type LiveGame,
} from '#common/live-rules.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { formatMultiplierText } from '#app/lib/format/game-numbers.ts'
import type { WireLiveRound } from './use-live-game.ts'

interface Proof {
  round: WireLiveRound
  terminal_hash: string
  chain_length: number
  previous_hash: string | null
}

/** Steps hashed between two progress updates while walking the chain to its published end. */
const STEPS_PER_UPDATE = 500

const resultText = (game: LiveGame, value: number, localeTag: string) =>
  game === 'crash' ? formatMultiplierText(multiplierText(value), localeTag) : String(value)

/**
 * A live round checked in the browser: the result recomputed from the round's hash
 * (HMAC-SHA256 as the Originals', with the game as client seed and the round's number as nonce),
 * and the hash hashed `number` times, which must give the chain's terminal hash, published before
 * the first round. Used by the verify page for a live bet (`?bet=`) or any round (`?live=&round=`).
 */
export function LiveRoundCheck({ game, number }: { game: string; number: number }) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const [proof, setProof] = useState<Proof | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [computed, setComputed] = useState<number | null>(null)
  const [steps, setSteps] = useState(0)
  const [isInChain, setInChain] = useState<boolean | null>(null)

  useEffect(() => {
    if (!isLiveGame(game)) return
    let isCurrent = true
    // A function, not the flag itself: the cleanup below flips it while the walk awaits.
    const current = () => isCurrent
    void (async () => {
      try {
        const { data } = await apiFetch<{ data: Proof }>(
          `/games/live/${game}/rounds/${String(number)}`,
        )
        if (!current()) return
        setProof(data)
        const hash = data.round.round_hash
        if (!hash) return
        const [first = 0] = await uint32s(liveFairnessInput(game, number, hash), 1)
        setComputed(game === 'crash' ? crashPointBp(first) : uniformInt(first, 37))
        let walked = hash
        for (let step = 1; step <= number && current(); step++) {
          walked = await sha256Hex(walked)
          if (step % STEPS_PER_UPDATE === 0 || step === number) setSteps(step)
        }
        if (current()) setInChain(walked === data.terminal_hash)
      } catch (caught) {
        if (current()) {
          setError(
            caught instanceof ApiError && caught.message ? caught.message : t('verify.load_failed'),
          )
        }
      }
    })()
    return () => {
      isCurrent = false
    }
  }, [game, number, t])

  if (!isLiveGame(game)) return null
  const recorded = proof ? (game === 'crash' ? proof.round.crash_bp : proof.round.pocket) : null
  const verdict =
    proof === null
      ? null
      : proof.round.round_hash === null
        ? 'pending'
        : isInChain === null || computed === null
          ? 'checking'
          : isInChain && computed === recorded
            ? 'verified'
            : 'mismatch'
  return (
    <section
      className="mb-6 rounded-2xl border border-line bg-surface-raised p-4 text-sm"
      data-testid="live-verify"
      data-verdict={verdict ?? 'loading'}
    >
      <h2 className="mb-3 text-lg font-semibold text-ink">
        {t('live.verify_title')} · {t('live.round_number', { number })}
      </h2>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {verdict === 'pending' ? <p className="text-ink-muted">{t('live.verify_pending')}</p> : null}
      {proof?.round.round_hash ? (
        <dl className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <dt className="text-ink-muted">{t('live.verify_round_hash')}</dt>
          <dd className="font-mono break-all text-ink">{proof.round.round_hash}</dd>
          <dt className="text-ink-muted">{t('live.terminal_hash')}</dt>
          <dd className="font-mono break-all text-ink">{proof.terminal_hash}</dd>
          <dt className="text-ink-muted">{t('live.verify_computed')}</dt>
          <dd className="font-bold text-ink tabular-nums" data-testid="live-verify-computed">
            {computed === null ? '…' : resultText(game, computed, localeTag)}
          </dd>
          <dt className="text-ink-muted">{t('live.verify_recorded')}</dt>
          <dd className="font-bold text-ink tabular-nums">
            {recorded === null ? '–' : resultText(game, recorded, localeTag)}
          </dd>
          <dt className="text-ink-muted">
            {t('live.verify_chain', { done: steps, total: number })}
          </dt>
          <dd>
            <progress max={number} value={steps} className="w-full" aria-hidden="true" />
          </dd>
        </dl>
      ) : null}
      {verdict === 'verified' || verdict === 'mismatch' ? (
        <p
          role="status"
          className={`mt-3 font-semibold ${verdict === 'verified' ? 'text-success' : 'text-danger'}`}
        >
          {verdict === 'verified' ? t('live.verify_ok') : t('live.verify_bad')}
        </p>
      ) : null}
    </section>
  )
}
