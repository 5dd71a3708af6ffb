import type { PageConfig } from '../page.ts'
import { addStyle, el } from './dom.ts'
import type { RendererContext, RendererHandle, RoundAnswer, SoundName } from './renderer.ts'
import { RENDERERS } from './renderers/index.ts'
import { createSound } from './sound.ts'

// The game page's shell, in the player's browser: the header (title, mode, balance, last win),
// the stake selector, the status line, the rules dialog, sound, keys, and the calls to the
// studio's own server (never to the casino: only the studio's server holds the signing key). The
// title's renderer draws the game inside it.

const cfgElement = document.getElementById('cfg')
const cfg = JSON.parse(cfgElement?.textContent ?? '{}') as PageConfig

const SHELL_CSS = `
body{display:grid;grid-template-rows:auto minmax(0,1fr) auto auto;gap:8px;padding:10px}
.top{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.top h1{margin:0;font-size:clamp(16px,4.5vw,22px);letter-spacing:.02em;text-shadow:0 2px 8px rgba(0,0,0,.5)}
.badge{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;padding:3px 8px;border-radius:999px;
  background:rgba(0,0,0,.45);border:1px solid var(--accent);color:#fff}
.free{display:inline-block;margin-inline-start:6px;padding:3px 10px;border-radius:999px;background:var(--accent);color:#111;font-weight:700;font-size:12px}
.free[hidden]{display:none}
.money{display:flex;flex-direction:column;align-items:flex-end;font-variant-numeric:tabular-nums}
.money small{font-size:11px;opacity:.85}
.money strong{font-size:clamp(15px,4vw,19px)}
.stage{position:relative;display:flex;align-items:center;justify-content:center;min-height:0;container-type:size}
.status{min-height:2.4em;text-align:center;font-weight:600;display:flex;align-items:center;justify-content:center}
.status .win{color:var(--accent);font-size:clamp(17px,4.8vw,23px);text-shadow:0 0 12px rgba(0,0,0,.6)}
.status .error{background:rgba(0,0,0,.6);padding:6px 10px;border-radius:10px;font-size:14px}
.bar{display:flex;align-items:center;gap:8px;flex-wrap:wrap;justify-content:space-between}
.stakes{display:flex;align-items:center;gap:6px;background:rgba(0,0,0,.4);border-radius:999px;padding:4px}
.stakes output{min-width:5.5em;text-align:center;font-weight:700;font-variant-numeric:tabular-nums}
.round{width:40px;height:40px;border-radius:999px;border:0;background:rgba(255,255,255,.16);color:#fff;font-size:20px;cursor:pointer}
.game-controls{display:flex;align-items:center;justify-content:center;gap:8px;flex:1 1 auto;flex-wrap:wrap}
.tools{display:flex;gap:6px}
.tool{height:40px;min-width:40px;padding:0 12px;border-radius:999px;border:0;background:rgba(255,255,255,.16);color:#fff;font-size:14px;font-weight:600;cursor:pointer}
.tool[aria-pressed="true"]{background:var(--accent);color:#111}
button{font:inherit}
button:disabled{opacity:.45;cursor:not-allowed}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #fff;outline-offset:2px}
dialog{border:0;border-radius:16px;background:#151522;color:#fff;width:min(94vw,560px);max-height:90dvh;padding:16px}
dialog::backdrop{background:rgba(0,0,0,.65)}
dialog h2{margin:0 0 8px;font-size:18px}
dialog h3{margin:14px 0 6px;font-size:15px}
dialog dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dialog dt{opacity:.8}
dialog dd{margin:0;font-weight:700;text-align:end;font-variant-numeric:tabular-nums}
dialog p{margin:6px 0;font-size:14px;opacity:.92}
dialog .close{margin-top:14px;width:100%;height:42px;border-radius:10px;border:0;background:var(--accent);color:#111;font-weight:700;cursor:pointer}
@media (max-width:420px){body{padding:8px;gap:6px}.round{width:36px;height:36px;font-size:18px}.stakes output{min-width:4.6em;font-size:14px}
  .tool{height:36px;padding:0 10px;font-size:13px}}
`

interface SessionAnswer {
  session: string
  currency: string
  exponent: number
  balance: string
  stake_min: string
  stake_max: string
  free_rounds: { id: string; spins_left: number; stake_minor: string; currency: string }[]
  open_round: { round_id: string; view: unknown; staked: string } | null
}

const T = cfg.t
function t(key: string, values: Record<string, string | number> = {}): string {
  const text = T[key] ?? key
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

const state = {
  session: null as string | null,
  currency: cfg.currency ?? 'EUR',
  exponent: 2,
  balance: 0n,
  levels: [] as bigint[],
  level: 0,
  busy: true,
  roundOpen: false,
  roundId: null as string | null,
  free: [] as { id: string; left: number; stake: bigint }[],
}

function decimal(minor: bigint): string {
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(state.exponent + 1, '0')
  const text =
    state.exponent === 0
      ? digits
      : `${digits.slice(0, -state.exponent)}.${digits.slice(-state.exponent)}`
  return (negative ? '-' : '') + text
}

function money(minor: bigint): string {
  try {
    return new Intl.NumberFormat(cfg.lang, {
      style: 'currency',
      currency: state.currency,
      minimumFractionDigits: state.exponent,
      maximumFractionDigits: state.exponent,
    }).format(decimal(minor) as unknown as number)
  } catch {
    return `${decimal(minor)} ${state.currency}`
  }
}

/** Round amounts (1, 2, 5 × 10^k minor units) between the game's limits, from its minimum. */
function levelsFrom(min: bigint, max: bigint): bigint[] {
  const out = [min]
  for (let scale = 1n; scale <= max; scale *= 10n)
    for (const step of [1n, 2n, 5n])
      if (scale * step > min && scale * step <= max) out.push(scale * step)
  return out.slice(0, 18)
}

// The page.
addStyle(SHELL_CSS)
const balanceOut = el('strong', { 'data-testid': 'studio-balance', 'aria-live': 'polite', text: '…' })
const lastWin = el('span', { 'data-testid': 'studio-win', text: '–' })
const freeBadge = el('span', { class: 'free', 'data-testid': 'studio-free-spins', 'aria-live': 'polite', hidden: true })
const header = el(
  'header',
  { class: 'top' },
  el(
    'div',
    {},
    el('h1', { text: cfg.name }),
    el('span', { class: 'badge', 'data-testid': 'studio-mode', text: cfg.mode === 'demo' ? t('demo') : t('real') }),
    freeBadge,
  ),
  el('div', { class: 'money' }, el('small', { text: t('balance') }), balanceOut, el('small', {}, `${t('win')}: `, lastWin)),
)
const stage = el('main', { class: 'stage', 'aria-label': cfg.name })
const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'studio-message' })
const lower = el('button', { type: 'button', class: 'round', 'aria-label': t('lower'), disabled: true, text: '−' })
const stakeOut = el('output', { 'aria-label': t('bet'), 'data-testid': 'studio-stake', text: '…' })
const higher = el('button', { type: 'button', class: 'round', 'aria-label': t('higher'), disabled: true, text: '+' })
const gameControls = el('div', { class: 'game-controls' })
const rulesButton = el('button', { type: 'button', class: 'tool', 'data-testid': 'studio-rules', text: t('rules') })
const sound = createSound()
const soundButton = el('button', {
  type: 'button',
  class: 'tool',
  'aria-pressed': 'false',
  'aria-label': t('sound'),
  'data-testid': 'studio-sound',
  text: '♪',
})
const controls = el(
  'div',
  { class: 'bar' },
  el('div', { class: 'stakes' }, lower, stakeOut, higher),
  gameControls,
  el('div', { class: 'tools' }, soundButton, rulesButton),
)
const dialog = el('dialog', { 'aria-labelledby': 'rules-title', 'data-testid': 'studio-rules-panel' })
document.body.append(header, stage, status, controls, dialog)

function showBalance() {
  balanceOut.textContent = money(state.balance)
}
const freeRound = () => (cfg.kind === 'slot' ? state.free[0] : undefined)
const stakeNow = () => freeRound()?.stake ?? state.levels[state.level] ?? 0n
function showStake() {
  const free = freeRound()
  stakeOut.textContent = money(stakeNow())
  const locked = state.busy || state.roundOpen || !!free
  lower.disabled = locked || state.level === 0
  higher.disabled = locked || state.level >= state.levels.length - 1
  const left = state.free.reduce((sum, round) => sum + round.left, 0)
  freeBadge.hidden = !free
  freeBadge.textContent = free ? t('freeSpins', { count: left, stake: money(free.stake) }) : ''
}
function say(text: string, tone: 'info' | 'win' | 'error' = 'info') {
  status.replaceChildren(text ? el('span', { class: tone, text }) : '')
}

function errorText(code: string, reason?: string | null): string {
  switch (code) {
    case 'player_blocked':
      return reason === 'reality_check' ? t('realityCheck') : reason === 'slot_cycle' ? t('tooSoon') : t('blocked')
    case 'insufficient_funds':
      return t('insufficient')
    case 'limit_exceeded':
      return t('limit')
    case 'session_expired':
    case 'token_expired':
    case 'token_unknown':
      return t('expired')
    case 'round_open':
      return t('roundOpen')
    case 'round_not_found':
      return t('roundNotFound')
    case 'round_busy':
      return t('roundBusy')
    case 'stake_out_of_range':
    case 'stake_below_min':
    case 'stake_above_max':
      return t('stakeOutOfRange')
    case 'invalid_params':
      return t('invalidParams')
    case 'invalid_action':
      return t('invalidAction')
    case 'unavailable':
      return t('unavailable')
    case 'connection':
      return t('connection')
    default:
      // A game's own refusal carries a studio string key (`cards.cannotDouble`…).
      return code in T ? t(code) : t('connection')
  }
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's shape
async function post<Answer>(path: string, body: unknown): Promise<{ ok: true; answer: Answer } | { ok: false; error: string; balance?: string | null; reason?: string | null }> {
  try {
    const response = await fetch(cfg.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => ({ error: 'connection' }))) as Record<string, unknown>
    if (response.ok) return { ok: true, answer: answer as Answer }
    return {
      ok: false,
      error: typeof answer.error === 'string' ? answer.error : 'connection',
      balance: typeof answer.balance === 'string' ? answer.balance : null,
      reason: typeof answer.reason === 'string' ? answer.reason : null,
    }
  } catch {
    return { ok: false, error: 'connection' }
  }
}

/** A refusal: the balance the server gave, the message, and the casino's page told when it bars play. */
function refusedWith(answer: { error: string; balance?: string | null; reason?: string | null }) {
  if (answer.balance) {
    state.balance = BigInt(answer.balance)
    showBalance()
  }
  if (answer.error.startsWith('free_round_')) {
    // A free round the casino no longer honours (expired, used elsewhere) is dropped.
    state.free.shift()
    say(t('freeSpinsGone'), 'error')
  } else say(errorText(answer.error, answer.reason), 'error')
  if (answer.error === 'player_blocked' && window.parent !== window) {
    // The casino's page shows why its player is blocked (its reality check opens at once); the
    // message carries the reason only, nothing the player's page does not already know.
    window.parent.postMessage({ type: 'aurum:player_blocked', reason: answer.reason ?? null }, '*')
  }
  if (answer.error === 'session_expired') state.session = null
}

/** Shows a round's stake leaving the balance. */
function took(answer: RoundAnswer & { balance_after_stake?: string | null }, staked: bigint) {
  if (answer.balance_after_stake) state.balance = BigInt(answer.balance_after_stake)
  else state.balance -= staked
  showBalance()
}

let pendingFinal: { balance: string | null; payout: string } | null = null
/** The last of the player's free rounds was just played: said once its result is shown. */
let freeJustEnded = false

const context: RendererContext = {
  stage,
  controls: gameControls,
  info: cfg.info,
  code: cfg.code,
  theme: cfg.theme,
  t,
  money,
  stake: stakeNow,
  reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  minCycleMs: cfg.minCycleMs,
  async start<View>(params: unknown) {
    if (!state.session) {
      say(t('expired'), 'error')
      return null
    }
    const free = freeRound()
    const stake = stakeNow()
    state.busy = true
    showStake()
    say('')
    const result = await post<RoundAnswer<View> & { balance: string | null; balance_after_stake: string | null }>('/api/round', {
      session: state.session,
      stake: stake.toString(),
      params,
      ...(free && { free_round_id: free.id }),
    })
    if (!result.ok) {
      refusedWith(result)
      state.busy = false
      showStake()
      return null
    }
    const answer = result.answer
    if (free) {
      free.left -= 1
      if (free.left <= 0) state.free.shift()
      freeJustEnded = state.free.length === 0
    } else took(answer, BigInt(answer.staked))
    state.roundOpen = !answer.done
    state.roundId = answer.round_id
    pendingFinal = { balance: answer.balance, payout: answer.payout }
    return answer
  },
  async act<View>(action: unknown) {
    if (!state.session || !state.roundId) return null
    const before = state.roundOpen
    const result = await post<RoundAnswer<View> & { balance: string | null; balance_after_stake: string | null }>('/api/act', {
      session: state.session,
      round_id: state.roundId,
      action,
    })
    if (!result.ok) {
      refusedWith(result)
      if (result.error === 'round_not_found') {
        state.roundOpen = false
        state.busy = false
        showStake()
      }
      return null
    }
    const answer = result.answer
    if (answer.balance_after_stake) {
      state.balance = BigInt(answer.balance_after_stake)
      showBalance()
    }
    state.roundOpen = before && !answer.done
    pendingFinal = { balance: answer.balance, payout: answer.payout }
    return answer
  },
  settle(answer) {
    const final = pendingFinal
    pendingFinal = null
    if (answer.done) {
      const payout = BigInt(answer.payout)
      if (final?.balance) state.balance = BigInt(final.balance)
      else state.balance += payout
      lastWin.textContent = money(payout)
      showBalance()
      if (freeJustEnded) {
        freeJustEnded = false
        if (payout === 0n) say(t('freeSpinsDone'), 'win')
      }
      state.roundOpen = false
      state.roundId = null
    }
    state.busy = false
    showStake()
  },
  setBusy(busy) {
    state.busy = busy
    showStake()
  },
  say(text, tone = 'info') {
    say(text, tone)
  },
  sound(name: SoundName) {
    sound.play(name)
  },
}

const renderer = RENDERERS[cfg.kind]
let handle: RendererHandle | null = null

function openRules() {
  const stated = cfg.stated
  const percent = (bp: number) =>
    new Intl.NumberFormat(cfg.lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 10_000)
  const figures = el(
    'dl',
    { 'data-testid': 'studio-figures' },
    el('dt', { text: t('rtp') }),
    el('dd', { 'data-testid': 'studio-rtp', text: percent(stated.rtpBp) }),
    el('dt', { text: t('hitFrequency') }),
    el('dd', { text: percent(stated.hitBp) }),
    el('dt', { text: t('volatility') }),
    el('dd', { text: t(`volatility.${stated.volatility}`) }),
    el('dt', { text: t('maxWin') }),
    el('dd', { text: t('maxWinValue', { x: new Intl.NumberFormat(cfg.lang).format(stated.maxWinX) }) }),
  )
  const features = cfg.features.length
    ? [el('h3', { text: t('features') }), el('p', { text: cfg.features.map((key) => t(key)).join(' · ') })]
    : []
  const close = el('button', { type: 'button', class: 'close', text: t('close') })
  close.addEventListener('click', () => dialog.close())
  dialog.replaceChildren(
    el('h2', { id: 'rules-title', text: `${cfg.name} · ${t('rules')}` }),
    figures,
    ...features,
    ...(handle ? [handle.rules()] : []),
    el('h3', { text: t('generalTitle') }),
    el('p', { text: t('generalRules') }),
    el('p', { text: t('keys') }),
    close,
  )
  dialog.showModal()
}

async function begin() {
  if (!renderer) {
    say(t('unavailable'), 'error')
    return
  }
  handle = renderer.mount(context)
  const session =
    cfg.mode === 'real'
      ? await post<SessionAnswer>('/api/session', { token: cfg.token, code: cfg.code })
      : await post<SessionAnswer>('/api/demo-session', { code: cfg.code, ...(cfg.currency && { currency: cfg.currency }) })
  if (!session.ok) {
    say(errorText(session.error), 'error')
    return
  }
  const answer = session.answer
  state.session = answer.session
  state.currency = answer.currency
  state.exponent = answer.exponent
  state.balance = BigInt(answer.balance)
  state.levels = levelsFrom(BigInt(answer.stake_min), BigInt(answer.stake_max))
  const unit = 10n ** BigInt(state.exponent)
  const one = state.levels.findIndex((level) => level >= unit)
  state.level = one >= 0 ? one : 0
  state.free = answer.free_rounds
    .filter((round) => round.currency === answer.currency && round.spins_left > 0)
    .map((round) => ({ id: round.id, left: round.spins_left, stake: BigInt(round.stake_minor) }))
  state.busy = false
  showBalance()
  if (answer.open_round) {
    state.roundOpen = true
    state.roundId = answer.open_round.round_id
    state.busy = true
    say(t('resumed'))
    handle.resume({
      round_id: answer.open_round.round_id,
      view: answer.open_round.view,
      done: false,
      staked: answer.open_round.staked,
      payout: '0',
    })
  }
  showStake()
}

lower.addEventListener('click', () => {
  state.level = Math.max(0, state.level - 1)
  showStake()
})
higher.addEventListener('click', () => {
  state.level = Math.min(state.levels.length - 1, state.level + 1)
  showStake()
})
rulesButton.addEventListener('click', openRules)
soundButton.addEventListener('click', () => {
  const on = !sound.enabled()
  sound.enable(on)
  soundButton.setAttribute('aria-pressed', String(on))
  if (on) sound.play('click')
})
document.addEventListener('keydown', (event) => {
  if (dialog.open || event.defaultPrevented) return
  const onPage = event.target === document.body || event.target === document.documentElement
  if ((event.code === 'Space' || event.code === 'Enter') && onPage) {
    event.preventDefault()
    handle?.primary()
  }
})
void begin()
