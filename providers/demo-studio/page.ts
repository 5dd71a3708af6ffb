import { PAY_THREE, PAY_THREE_WILDS, PAY_TWO_COMMON, RTP_BP } from './slot.ts'
import type { StudioStrings } from './strings/index.ts'

// The studio's game page: one HTML document with its style and script inline, so it needs no
// build step and loads in one request inside the casino's iframe. The reels keep left-to-right
// order in right-to-left languages: lines pay from the first reel, which must stay leftmost.

export interface PageInput {
  /** Where the studio is served (`/studio/demo`). */
  base: string
  code: string
  theme: { title: string; background: string; accent: string; symbols: readonly string[] }
  mode: 'real' | 'demo'
  token: string | null
  currency: string | null
  /** How long a spin lasts, from the press until the next one can start (`spinCycleMs`). */
  spinCycleMs: number
  lang: string
  dir: 'ltr' | 'rtl'
  t: StudioStrings
  /** This answer's CSP nonce: the only inline style and script the page may run. */
  nonce: string
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:15px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff;background:var(--bg);
  display:grid;grid-template-rows:auto minmax(0,1fr) auto auto;gap:10px;padding:10px;min-height:100dvh;overflow:hidden}
header{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
h1{margin:0;font-size:clamp(16px,4.5vw,22px);letter-spacing:.02em;text-shadow:0 2px 8px rgba(0,0,0,.5)}
.badge{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;padding:3px 8px;border-radius:999px;
  background:rgba(0,0,0,.45);border:1px solid var(--accent);color:#fff}
.money{display:flex;flex-direction:column;align-items:flex-end;font-variant-numeric:tabular-nums}
.money small{font-size:11px;opacity:.8}
.money strong{font-size:clamp(15px,4vw,19px)}
.stage{display:flex;align-items:center;justify-content:center;min-height:0;container-type:size}
.reels{position:relative;direction:ltr;display:grid;grid-template-columns:repeat(3,1fr);gap:6px;padding:8px;
  width:min(100cqw,100cqh,440px);aspect-ratio:1;border-radius:18px;background:rgba(0,0,0,.38);
  box-shadow:inset 0 0 0 2px rgba(255,255,255,.12),0 10px 30px rgba(0,0,0,.45)}
.reel{display:grid;grid-template-rows:repeat(3,1fr);gap:6px;min-height:0}
.cell{display:flex;align-items:center;justify-content:center;border-radius:12px;background:rgba(255,255,255,.07);min-height:0;
  transition:transform .2s,background .2s}
.cell svg{width:72%;height:72%;filter:drop-shadow(0 3px 4px rgba(0,0,0,.45))}
.spinning .cell svg{filter:blur(2px) drop-shadow(0 3px 4px rgba(0,0,0,.45));transform:translateY(6%)}
.cell.hit{background:rgba(255,255,255,.22);animation:pulse .7s ease-in-out 3}
@keyframes pulse{50%{transform:scale(1.07)}}
.free{display:inline-block;margin-inline-start:6px;padding:3px 10px;border-radius:999px;background:var(--accent);color:#111;font-weight:700;font-size:12px}
.free[hidden]{display:none}
.status{min-height:2.6em;text-align:center;font-weight:600;display:flex;align-items:center;justify-content:center}
.status .win{color:var(--accent);font-size:clamp(18px,5vw,24px);text-shadow:0 0 12px rgba(0,0,0,.6)}
.status .error{background:rgba(0,0,0,.55);padding:6px 10px;border-radius:10px;font-size:14px}
.controls{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:8px}
.bet{display:flex;align-items:center;gap:6px;background:rgba(0,0,0,.4);border-radius:999px;padding:4px;justify-self:start}
.bet output{min-width:5.5em;text-align:center;font-weight:700;font-variant-numeric:tabular-nums}
.bet button,.pay{width:40px;height:40px;border-radius:999px;border:0;background:rgba(255,255,255,.14);color:#fff;font-size:20px;cursor:pointer}
.pay{justify-self:end;width:auto;padding:0 14px;font-size:14px;font-weight:600}
.spin{width:76px;height:76px;border-radius:999px;border:3px solid rgba(255,255,255,.8);background:var(--accent);color:#111;
  font-weight:800;font-size:16px;text-transform:uppercase;cursor:pointer;box-shadow:0 6px 18px rgba(0,0,0,.45)}
button:disabled{opacity:.45;cursor:not-allowed}
button:focus-visible{outline:3px solid #fff;outline-offset:2px}
dialog{border:0;border-radius:16px;background:#151522;color:#fff;max-width:min(92vw,420px);padding:16px}
dialog::backdrop{background:rgba(0,0,0,.6)}
dialog table{width:100%;border-collapse:collapse}
dialog td{padding:4px 6px;border-bottom:1px solid rgba(255,255,255,.1)}
dialog td:last-child{text-align:end;font-variant-numeric:tabular-nums}
dialog svg{width:28px;height:28px;vertical-align:middle}
dialog button{margin-top:12px;width:100%;height:40px;border-radius:10px;border:0;background:var(--accent);color:#111;font-weight:700}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:420px){body{padding:8px;gap:8px}.bet button{width:34px;height:34px;font-size:18px}
  .bet output{min-width:4.6em;font-size:14px}.spin{width:66px;height:66px;font-size:14px}.pay{padding:0 10px;font-size:12px;height:34px}
  .controls{gap:6px}}
@media (prefers-reduced-motion:reduce){.cell.hit{animation:none}.spinning .cell svg{filter:none;transform:none}}
`

/** The studio's own spin: 2.6 s from the press until the next spin can start, for everyone. */
export const STUDIO_SPIN_CYCLE_MS = 2_600

/**
 * The casino measures the cycle between the bets it receives, which the network can bring closer
 * together than the presses were: a spin lasts this much over the minimum.
 */
const CYCLE_MARGIN_MS = 100

/**
 * A spin's length for a player whose jurisdiction asks for at least `minCycleMs` (the UK's
 * 2.5 s): the studio's own cycle, or the minimum and a margin where that is longer.
 */
export function spinCycleMs(minCycleMs: number): number {
  return minCycleMs > 0
    ? Math.max(STUDIO_SPIN_CYCLE_MS, minCycleMs + CYCLE_MARGIN_MS)
    : STUDIO_SPIN_CYCLE_MS
}

// Runs in the player's browser: the reels, the bet selector, the spin cycle and the calls to the
// studio's own server (never to the casino: only the studio's server holds the signing key).
const SCRIPT = `
const cfg = JSON.parse(document.getElementById('cfg').textContent)
const T = cfg.t
const $ = (id) => document.getElementById(id)
const STOP_AT = [1300, 1900, 2500]
let state = { session: null, playerId: null, currency: cfg.currency || 'EUR', exponent: 2,
  balance: 0n, levels: [], level: 0, busy: true, window: [[0,1,2],[3,4,5],[6,0,1]], free: [] }

const SHAPES = [
  '<circle cx="50" cy="50" r="34"/>',
  '<path d="M50 14 88 82H12Z"/>',
  '<rect x="18" y="18" width="64" height="64" rx="10"/>',
  '<path d="M50 10 88 50 50 90 12 50Z"/>',
  '<path d="M50 8l11 28 30 2-23 19 8 29-26-16-26 16 8-29-23-19 30-2z"/>',
  '<text x="50" y="78" font-size="80" font-weight="900" text-anchor="middle" font-family="Georgia,serif">7</text>',
  '<rect x="6" y="26" width="88" height="48" rx="14"/><text x="50" y="59" font-size="25" font-weight="900" text-anchor="middle" fill="#111" font-family="system-ui,sans-serif">WILD</text>',
]
const symbol = (i) => '<svg viewBox="0 0 100 100" aria-hidden="true" fill="' + cfg.symbols[i] + '">' + SHAPES[i] + '</svg>'
const NAMES = ['\\u25CF', '\\u25B2', '\\u25A0', '\\u25C6', '\\u2605', '7', 'WILD']

function decimal(minor) {
  const negative = minor < 0n
  let digits = (negative ? -minor : minor).toString().padStart(state.exponent + 1, '0')
  const text = state.exponent === 0 ? digits : digits.slice(0, -state.exponent) + '.' + digits.slice(-state.exponent)
  return (negative ? '-' : '') + text
}
function money(minor) {
  try {
    return new Intl.NumberFormat(cfg.lang, { style: 'currency', currency: state.currency,
      minimumFractionDigits: state.exponent, maximumFractionDigits: state.exponent }).format(decimal(minor))
  } catch { return decimal(minor) + ' ' + state.currency }
}
function showBalance() { $('balance').textContent = money(state.balance) }
// The casino's free rounds for this game are played first, each at its own stake.
const freeRound = () => state.free[0]
const stakeNow = () => freeRound()?.stake ?? state.levels[state.level]
function showBet() {
  const free = freeRound()
  $('stake').value = money(stakeNow() ?? 0n)
  $('lower').disabled = state.busy || !!free || state.level === 0
  $('higher').disabled = state.busy || !!free || state.level >= state.levels.length - 1
  $('spin').disabled = state.busy || (!free && state.levels.length === 0)
  const left = state.free.reduce((sum, round) => sum + round.left, 0)
  $('free').hidden = !free
  $('free').textContent = free ? T.freeSpins.replace('{count}', String(left)).replace('{stake}', money(free.stake)) : ''
}
function say(html, kind) { $('status').innerHTML = html ? '<span class="' + kind + '">' + html + '</span>' : '' }
function drawWindow(win) {
  state.window = win
  document.querySelectorAll('.reel').forEach((reel, r) => reel.querySelectorAll('.cell').forEach((cell, row) => {
    cell.innerHTML = symbol(win[r][row]); cell.classList.remove('hit')
    cell.setAttribute('aria-label', NAMES[win[r][row]])
  }))
}
// Round amounts (1, 2, 5 × 10^k minor units) between the game's limits, starting at its minimum.
function levelsFrom(min, max) {
  const out = [min]
  for (let scale = 1n; scale <= max; scale *= 10n)
    for (const step of [1n, 2n, 5n]) if (scale * step > min && scale * step <= max) out.push(scale * step)
  return out.slice(0, 16)
}
async function post(path, body) {
  const response = await fetch(cfg.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = await response.json().catch(() => ({ error: 'connection' }))
  return { ok: response.ok, answer }
}
function errorText(code, reason) {
  if (code === 'player_blocked') return reason === 'reality_check' ? T.realityCheck : reason === 'slot_cycle' ? T.tooSoon : T.blocked
  if (code === 'insufficient_funds') return T.insufficient
  if (code === 'limit_exceeded') return T.limit
  if (code === 'session_expired' || code === 'token_expired' || code === 'token_unknown') return T.expired
  if (code === 'unavailable') return T.unavailable
  return T.connection
}
async function start() {
  drawWindow(state.window)
  if (cfg.mode === 'real') {
    const { ok, answer } = await post('/api/session', { token: cfg.token })
    if (!ok) { say(errorText(answer.error), 'error'); return }
    state = { ...state, session: answer.session, playerId: answer.player_id, currency: answer.currency,
      exponent: answer.exponent, balance: BigInt(answer.balance) }
    state.levels = levelsFrom(BigInt(answer.stake_min), BigInt(answer.stake_max))
    state.free = (answer.free_rounds || []).filter((round) => round.currency === answer.currency && round.spins_left > 0)
      .map((round) => ({ id: round.id, left: round.spins_left, stake: BigInt(round.stake_minor) }))
  } else {
    try { state.exponent = new Intl.NumberFormat('en', { style: 'currency', currency: state.currency }).resolvedOptions().maximumFractionDigits } catch { state.exponent = 2 }
    const unit = 10n ** BigInt(state.exponent)
    state.balance = 1000n * unit
    state.levels = levelsFrom(unit / 5n > 0n ? unit / 5n : 1n, 100n * unit)
  }
  const unit = 10n ** BigInt(state.exponent)
  const one = state.levels.findIndex((level) => level >= unit)
  state.level = one >= 0 ? one : 0
  state.busy = false
  showBalance(); showBet()
}
async function spin() {
  if (state.busy) return
  const free = freeRound()
  const stake = stakeNow()
  if (stake === undefined) return
  if (cfg.mode === 'demo' && stake > state.balance) { say(T.insufficient, 'error'); return }
  state.busy = true; showBet(); say('', '')
  const began = performance.now()
  const reels = [...document.querySelectorAll('.reel')]
  const stopped = [false, false, false]
  $('reels').classList.add('spinning')
  const blur = setInterval(() => reels.forEach((reel, r) => { if (!stopped[r]) reel.querySelectorAll('.cell')
    .forEach((cell) => { cell.innerHTML = symbol(Math.floor(Math.random() * 7)) }) }), 80)
  if (cfg.mode === 'demo') { state.balance -= stake; showBalance() }
  const call = cfg.mode === 'real'
    ? post('/api/spin', { session: state.session, player_id: state.playerId, currency: state.currency, stake: stake.toString(), code: cfg.code,
        ...(free ? { free_round_id: free.id } : {}) })
    : post('/api/demo-spin', { code: cfg.code, stake: stake.toString() })
  const { ok, answer } = await call
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (performance.now() - began))))
  if (!ok) {
    clearInterval(blur); $('reels').classList.remove('spinning'); drawWindow(state.window)
    if (cfg.mode === 'demo') state.balance += stake
    if (answer.balance) state.balance = BigInt(answer.balance)
    // A free round the casino no longer honours (expired, used elsewhere) is dropped.
    const lostFree = free && String(answer.error).startsWith('free_round_')
    if (lostFree) state.free.shift()
    // The casino's page shows why its player is blocked (its reality check opens at once); the
    // message carries the reason only, nothing the player's page does not already know.
    if (answer.error === 'player_blocked' && window.parent !== window)
      window.parent.postMessage({ type: 'aurum:player_blocked', reason: answer.reason ?? null }, '*')
    showBalance(); say(lostFree ? T.freeSpinsGone : errorText(answer.error, answer.reason), 'error')
    await wait(600); state.busy = answer.error === 'session_expired'; showBet(); return
  }
  if (cfg.mode === 'real' && !free) { state.balance -= stake; showBalance() }
  if (free && --free.left <= 0) state.free.shift()
  for (let r = 0; r < 3; r++) {
    await wait(STOP_AT[r]); stopped[r] = true
    reels[r].querySelectorAll('.cell').forEach((cell, row) => { cell.innerHTML = symbol(answer.window[r][row]); cell.setAttribute('aria-label', NAMES[answer.window[r][row]]) })
  }
  clearInterval(blur); $('reels').classList.remove('spinning'); state.window = answer.window
  const payout = BigInt(answer.payout)
  if (cfg.mode === 'real' && answer.balance !== null) state.balance = BigInt(answer.balance)
  else state.balance += payout
  showBalance()
  const LINES = [[1,1,1],[0,0,0],[2,2,2],[0,1,2],[2,1,0]]
  for (const hit of answer.lines) LINES[hit.line].slice(0, hit.count).forEach((row, r) =>
    reels[r].querySelectorAll('.cell')[row].classList.add('hit'))
  if (free && state.free.length === 0 && payout === 0n) say(T.freeSpinsDone, 'win')
  else say(payout > 0n ? T.win + ' ' + money(payout) : '', 'win')
  $('last-win').textContent = money(payout)
  await wait(cfg.spinCycleMs)
  state.busy = false; showBet()
}
function paytable() {
  const stake = state.levels[state.level] ?? 0n
  const rows = cfg.pays.map((units, i) => '<tr><td>' + symbol(i).repeat(3) + '</td><td>' + money(stake * BigInt(units) / 5n) + '</td></tr>')
  rows.push('<tr><td>' + symbol(6).repeat(3) + '</td><td>' + money(stake * BigInt(cfg.payWilds) / 5n) + '</td></tr>')
  rows.push('<tr><td>' + symbol(0).repeat(2) + '</td><td>' + money(stake * BigInt(cfg.payTwo) / 5n) + '</td></tr>')
  $('paytable-body').innerHTML = rows.join('')
  $('paytable').showModal()
}
$('spin').addEventListener('click', () => { void spin() })
$('lower').addEventListener('click', () => { state.level = Math.max(0, state.level - 1); showBet() })
$('higher').addEventListener('click', () => { state.level = Math.min(state.levels.length - 1, state.level + 1); showBet() })
$('pay').addEventListener('click', paytable)
$('close').addEventListener('click', () => $('paytable').close())
document.addEventListener('keydown', (event) => {
  if (event.code === 'Space' && event.target === document.body) { event.preventDefault(); void spin() }
})
void start()
`

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** JSON inside a `<script type="application/json">`: `<` escaped so no text can close the tag. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

export function renderPage(input: PageInput): string {
  const { t } = input
  const config = {
    base: input.base,
    code: input.code,
    mode: input.mode,
    token: input.token,
    currency: input.currency,
    spinCycleMs: input.spinCycleMs,
    lang: input.lang,
    symbols: input.theme.symbols,
    pays: PAY_THREE,
    payWilds: PAY_THREE_WILDS,
    payTwo: PAY_TWO_COMMON,
    t,
  }
  const cells = '<div class="cell" role="img"></div>'.repeat(3)
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}" dir="${input.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.theme.title)} · Demo Studio</title>
<style nonce="${input.nonce}">${STYLE}
:root{--bg:${escapeHtml(input.theme.background)};--accent:${escapeHtml(input.theme.accent)}}</style>
</head>
<body>
<header>
  <div><h1>${escapeHtml(input.theme.title)}</h1>
  <span class="badge" data-testid="studio-mode">${escapeHtml(input.mode === 'demo' ? t.demo : t.real)}</span>
  <span class="free" id="free" data-testid="studio-free-spins" aria-live="polite" hidden></span></div>
  <div class="money"><small>${escapeHtml(t.balance)}</small><strong id="balance" data-testid="studio-balance" aria-live="polite">…</strong>
  <small>${escapeHtml(t.win)}: <span id="last-win" data-testid="studio-win">–</span></small></div>
</header>
<main class="stage"><div class="reels" id="reels" role="group" aria-label="${escapeHtml(input.theme.title)}" data-testid="studio-reels">
  <div class="reel">${cells}</div><div class="reel">${cells}</div><div class="reel">${cells}</div>
</div></main>
<div class="status" id="status" role="status" aria-live="polite" data-testid="studio-message"></div>
<div class="controls">
  <div class="bet"><button type="button" id="lower" aria-label="${escapeHtml(t.lower)}" disabled>−</button>
  <output id="stake" aria-label="${escapeHtml(t.bet)}">…</output>
  <button type="button" id="higher" aria-label="${escapeHtml(t.higher)}" disabled>+</button></div>
  <button type="button" class="spin" id="spin" data-testid="studio-spin" disabled>${escapeHtml(t.spin)}</button>
  <button type="button" class="pay" id="pay">${escapeHtml(t.paytable)}</button>
</div>
<dialog id="paytable" aria-labelledby="paytable-title">
  <h2 id="paytable-title">${escapeHtml(t.paytable)}</h2>
  <p>${escapeHtml(t.lines)} ${(RTP_BP / 100).toFixed(2)}%</p>
  <table><tbody id="paytable-body"></tbody></table>
  <button type="button" id="close">${escapeHtml(t.close)}</button>
</dialog>
<script type="application/json" id="cfg" nonce="${input.nonce}">${jsonForScript(config)}</script>
<script nonce="${input.nonce}">${SCRIPT}</script>
</body>
</html>`
}

/** A short page for a game code the studio does not run. */
export function renderUnavailable(input: {
  lang: string
  dir: 'ltr' | 'rtl'
  text: string
  nonce: string
}) {
  return `<!doctype html><html lang="${escapeHtml(input.lang)}" dir="${input.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo Studio</title><style nonce="${input.nonce}">${STYLE}
:root{--bg:#15131f;--accent:#ffd166}</style></head>
<body><main class="stage"><p class="status">${escapeHtml(input.text)}</p></main></body></html>`
}
