import { cardBack, cardFace, isRed } from '../art/cards.ts'
import { addStyle } from '../dom.ts'
import type { RendererContext, RoundAnswer } from '../renderer.ts'

// What the card renderers share: their CSS, cards as elements, buttons, game keys, a table's
// rows and the timing of a round (deal animation, the jurisdiction's minimum cycle).

const CSS = `
.cc-stage{display:flex;flex-direction:column;align-items:center;gap:10px;padding:10px 8px;min-height:100%;box-sizing:border-box;color:#f5f1e6;font:14px/1.35 system-ui,sans-serif}
.cc-row{display:flex;flex-direction:column;align-items:center;gap:4px;width:100%}
.cc-label{font-size:13px;letter-spacing:.04em;text-transform:uppercase;opacity:.85;display:flex;gap:8px;align-items:center}
.cc-total{display:inline-block;min-width:26px;padding:1px 8px;border-radius:10px;background:rgba(0,0,0,.45);font-weight:700;text-transform:none}
.cc-hands{display:flex;gap:14px;justify-content:center;flex-wrap:wrap;direction:ltr}
.cc-hand{display:flex;flex-direction:column;align-items:center;gap:4px;padding:6px;border-radius:10px;border:2px solid transparent}
.cc-hand.cc-active{border-color:var(--cc-accent);box-shadow:0 0 12px var(--cc-accent)}
.cc-cards{display:flex;direction:ltr;min-height:calc(var(--cc-w) * 1.4)}
.cc-cards .cc-card+.cc-card{margin-left:calc(var(--cc-w) * -0.42)}
.cc-cards.cc-spread .cc-card+.cc-card{margin-left:6px}
.cc-card{direction:ltr;width:var(--cc-w);height:calc(var(--cc-w) * 1.4);border-radius:8px;box-shadow:0 2px 6px rgba(0,0,0,.45);flex:none;background:none;border:0;padding:0;position:relative}
.cc-card svg{display:block;width:100%;height:100%}
.cc-card:disabled{opacity:1;cursor:default}
.cc-in{animation:cc-slide .28s ease-out both}
@keyframes cc-slide{from{transform:translate(0,-40px) rotate(-6deg);opacity:0}to{transform:none;opacity:1}}
.cc-controls{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
.cc-btn{font:600 15px system-ui,sans-serif;min-width:72px;min-height:44px;padding:8px 14px;border-radius:10px;border:2px solid var(--cc-accent);background:rgba(0,0,0,.55);color:#fff;cursor:pointer}
.cc-btn.cc-main{background:var(--cc-accent);color:#111;border-color:#fff}
.cc-btn[aria-pressed=true]{background:var(--cc-accent);color:#111}
.cc-btn:disabled{opacity:.45;cursor:default}
.cc-btn:focus-visible,.cc-card:focus-visible{outline:3px solid #fff;outline-offset:3px}
.cc-btn kbd,.cc-key{font:11px ui-monospace,monospace;opacity:.75;margin-inline-start:6px}
.cc-result{min-height:22px;font-weight:700;text-align:center}
.cc-result.cc-win{color:var(--cc-accent)}
.cc-pay{border-collapse:collapse;font-size:13px;min-width:220px;background:rgba(0,0,0,.35);border-radius:8px;overflow:hidden}
.cc-pay td{padding:2px 10px}
.cc-pay td:last-child{text-align:end;font-variant-numeric:tabular-nums}
.cc-pay tr.cc-lit{background:var(--cc-accent);color:#111;font-weight:700}
.cc-held{position:absolute;left:0;right:0;bottom:-20px;font:700 11px system-ui,sans-serif;color:var(--cc-accent);text-align:center;letter-spacing:.06em}
.cc-card.cc-hold{transform:translateY(-6px)}
.cc-card.cc-hold svg{outline:3px solid var(--cc-accent);border-radius:8px}
.cc-vp{display:flex;gap:8px;direction:ltr;padding-bottom:22px}
.cc-history{display:flex;gap:4px;direction:ltr;overflow:hidden;max-width:100%;--cc-w:30px}
.cc-history .cc-card{box-shadow:none;opacity:.8}
.cc-odds{display:flex;gap:10px;justify-content:center}
.cc-big{--cc-w:110px}
.cc-rules h3{margin:12px 0 4px;font-size:15px}
.cc-rules p{margin:4px 0}
.cc-rules ul{margin:4px 0;padding-inline-start:18px}
.cc-win-hand{outline:3px solid var(--cc-accent);outline-offset:2px;border-radius:10px}
@media (min-width:700px){.cc-stage{--cc-w:84px;gap:14px;padding:16px}.cc-big{--cc-w:140px}}
@media (max-width:699px){.cc-stage{--cc-w:62px}}
@media (prefers-reduced-motion:reduce){.cc-in{animation:none}}
`

let styled = false
export function ensureStyle(): void {
  if (styled) return
  styled = true
  addStyle(CSS)
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const RANK_KEYS = '23456789TJQKA'

/** A card's spoken name through the strings ("Ace of spades"), or the face-down card's. */
export function cardName(context: RendererContext, code: string | null): string {
  if (!code) return context.t('cards.faceDown')
  const rank = code[0] ?? ''
  if (!RANK_KEYS.includes(rank)) return code
  return context.t('cards.cardName', {
    rank: context.t(`cards.rank.${rank}`),
    suit: context.t(`cards.suit.${code[1] ?? 's'}`),
  })
}

/** A card as an element: its face (or back for null), its name for assistive technology. */
export function cardElement(
  context: RendererContext,
  code: string | null,
  animate = false,
  delayMs = 0,
): HTMLElement {
  const node = el('div', 'cc-card')
  node.setAttribute('role', 'img')
  node.setAttribute('aria-label', cardName(context, code))
  node.innerHTML = code ? cardFace(code) : cardBack(context.theme.accent)
  if (code && isRed(code)) node.classList.add('cc-red')
  if (animate && !context.reducedMotion) {
    node.classList.add('cc-in')
    node.style.animationDelay = `${delayMs}ms`
  }
  return node
}

/**
 * Draws a row of cards, sliding in only those it did not show before (`shown` is how many it
 * showed); a face-down card turning over counts as new. Plays the card sound when any is new.
 */
export function drawCards(
  context: RendererContext,
  box: HTMLElement,
  cards: readonly (string | null)[],
  before: readonly (string | null)[],
): number {
  box.replaceChildren()
  let fresh = 0
  cards.forEach((code, index) => {
    const isNew = index >= before.length || before[index] !== code
    box.append(cardElement(context, code, isNew, fresh * 140))
    if (isNew) fresh++
  })
  if (fresh > 0) context.sound('card')
  return fresh
}

/** How long the new cards take to land (nothing with reduced motion). */
export const dealTime = (context: RendererContext, fresh: number) =>
  context.reducedMotion ? 0 : fresh > 0 ? 280 + (fresh - 1) * 140 : 0

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function button(
  label: string,
  testId: string,
  onClick: () => void,
  key?: string,
): HTMLButtonElement {
  const node = el('button', 'cc-btn')
  node.type = 'button'
  node.dataset.testid = testId
  node.append(document.createTextNode(label))
  if (key) {
    const hint = el('kbd', '', key)
    hint.setAttribute('aria-hidden', 'true')
    node.append(hint)
    node.setAttribute('aria-keyshortcuts', key)
  }
  node.addEventListener('click', onClick)
  return node
}

/** Game keys (H, S, 1–5…) on the page, unless the player types in a field or holds a modifier. */
export function onKeys(handler: (key: string) => boolean): void {
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return
    const target = event.target
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    )
      return
    if (handler(event.key.toLowerCase())) event.preventDefault()
  })
}

/** Sets up the stage: the title's accent for the CSS, the LTR table inside an RTL page. */
export function prepareStage(context: RendererContext): void {
  ensureStyle()
  context.stage.classList.add('cc-stage')
  context.stage.style.setProperty('--cc-accent', context.theme.accent)
  context.controls.style.setProperty('--cc-accent', context.theme.accent)
  context.controls.classList.add('cc-controls')
}

/** Waits out the rest of the jurisdiction's minimum round time, counted from `startedAt`. */
export async function minCycle(context: RendererContext, startedAt: number): Promise<void> {
  const left = context.minCycleMs - (performance.now() - startedAt)
  if (left > 0) await wait(left)
}

/** The result line of a finished round: the win (or the return of a push) or the loss. */
export function resultLine(
  context: RendererContext,
  answer: RoundAnswer,
  lossKey = 'cards.lost',
): { text: string; win: boolean } {
  const payout = BigInt(answer.payout)
  const staked = BigInt(answer.staked)
  if (payout > staked)
    return { text: context.t('cards.won', { amount: context.money(payout) }), win: true }
  if (payout > 0n)
    return { text: context.t('cards.returned', { amount: context.money(payout) }), win: false }
  return { text: context.t(lossKey), win: false }
}

/** Rules panel pieces. */
export function rulesSection(title: string, paragraphs: readonly string[]): HTMLElement {
  const section = el('section', 'cc-rules')
  section.append(el('h3', '', title))
  for (const text of paragraphs) section.append(el('p', '', text))
  return section
}

export function keyList(context: RendererContext, keys: readonly [string, string][]): HTMLElement {
  const section = el('section', 'cc-rules')
  section.append(el('h3', '', context.t('cards.keys')))
  const list = el('ul')
  for (const [key, action] of keys) {
    const item = el('li')
    item.append(el('kbd', '', key), document.createTextNode(` ${action}`))
    list.append(item)
  }
  section.append(list)
  return section
}
