import { addStyle, el, pause } from '../dom.ts'
import type { RendererContext, RoundAnswer } from '../renderer.ts'

// What the instant renderers share: their CSS, buttons, the multiplier's format, the play
// cycle (start → draw → settle, no sooner than the jurisdiction's minimum) and chip tallies for
// the tables (roulette, sic bo, wheels). Browser code.

export { el, pause }

let styled = false
/** The instant boards' shared CSS (added once per page). */
export function instantStyle(): void {
  if (styled) return
  styled = true
  addStyle(`
.ig{width:100%;height:100%;max-height:100cqh;overflow:hidden;display:flex;gap:10px;align-items:center;justify-content:center;color:#fff;
  --glow:0 0 0 2px var(--accent),0 0 14px var(--accent)}
.ig .board{direction:ltr}
.ig .panel{background:rgba(0,0,0,.35);border:1px solid rgba(255,255,255,.12);border-radius:14px;padding:8px}
.ig .panel h3{margin:0 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.06em;opacity:.85}
.ig table.pays{border-collapse:collapse;font-size:12px;font-variant-numeric:tabular-nums;width:100%}
.ig table.pays td,.ig table.pays th{padding:2px 6px;text-align:end}
.ig table.pays th{text-align:start;font-weight:600;opacity:.8}
.ig table.pays tr.on td,.ig table.pays tr.on th{color:var(--accent);font-weight:800}
.ig-btn{height:40px;min-width:40px;padding:0 14px;border-radius:999px;border:0;background:rgba(255,255,255,.16);color:#fff;
  font-weight:700;font-size:14px;cursor:pointer}
.ig-btn:hover:not(:disabled){background:rgba(255,255,255,.26)}
.ig-play{height:46px;min-width:108px;padding:0 22px;border-radius:999px;border:0;background:var(--accent);color:#111;
  font-weight:800;font-size:16px;letter-spacing:.03em;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.4)}
.ig-play:hover:not(:disabled){filter:brightness(1.08)}
.ig select,.ig input{height:36px;border-radius:10px;border:1px solid rgba(255,255,255,.3);background:rgba(0,0,0,.45);color:#fff;
  font:inherit;font-weight:600;padding:0 8px}
.ig label{font-size:12px;display:flex;flex-direction:column;gap:2px;opacity:.95}
.ig .chip{display:inline-flex;align-items:center;justify-content:center;min-width:20px;height:20px;padding:0 4px;border-radius:999px;
  background:var(--accent);color:#111;font-size:11px;font-weight:800;box-shadow:0 1px 4px rgba(0,0,0,.5);pointer-events:none}
.ig .muted{opacity:.75;font-size:12px}
@media (max-width:560px){.ig{flex-direction:column;gap:6px}.ig-play{height:42px;min-width:96px;font-size:15px}.ig-btn{height:36px;padding:0 10px;font-size:13px}}
`)
}

/** A renderer's root on the stage, with the theme's accent. */
export function root(context: RendererContext, kind: string): HTMLElement {
  instantStyle()
  const node = el('div', { class: `ig ig-${kind}` })
  node.style.setProperty('--accent', context.theme.accent)
  context.stage.replaceChildren(node)
  return node
}

export function button(
  text: string,
  testid: string,
  extra: Record<string, string> = {},
): HTMLButtonElement {
  return el('button', { type: 'button', class: 'ig-btn', 'data-testid': testid, text, ...extra })
}

export function playButton(
  context: RendererContext,
  text = context.t('instantPlay'),
): HTMLButtonElement {
  return el('button', { type: 'button', class: 'ig-play', 'data-testid': 'studio-play', text })
}

/** A multiplier as the pages show it: 2×, 0.5×, 1,000×. */
export function times(multiplier: number, lang = document.documentElement.lang || 'en'): string {
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(multiplier)}×`
}

/**
 * One round of a single-step game: takes the stake (the shell), draws the answer, settles it and
 * says the result; no sooner than `minCycleMs` from the press. `lock` greys the renderer's
 * controls meanwhile. Resolves the answer (null when the shell refused).
 */
export function createCycle(context: RendererContext, lock: (busy: boolean) => void) {
  let busy = false
  return {
    get busy() {
      return busy
    },
    async run<View>(
      params: unknown,
      draw: (answer: RoundAnswer<View>) => Promise<void>,
      result: (answer: RoundAnswer<View>) => void,
    ) {
      if (busy) return null
      busy = true
      lock(true)
      const began = performance.now()
      try {
        context.sound('spin')
        const answer = await context.start<View>(params)
        if (!answer) return null
        await draw(answer)
        context.settle(answer)
        result(answer)
        const payout = BigInt(answer.payout)
        const staked = BigInt(answer.staked)
        context.sound(payout === 0n ? 'lose' : payout >= staked * 10n ? 'big-win' : 'win')
        const left = context.minCycleMs - (performance.now() - began)
        if (left > 0) await pause(left)
        return answer
      } finally {
        busy = false
        lock(false)
      }
    },
  }
}

/** The round's result line: "You win €4.00" or "No win this time". */
export function sayResult(context: RendererContext, answer: RoundAnswer, detail: string): void {
  const payout = BigInt(answer.payout)
  const text =
    payout > 0n
      ? context.t('instantWin', { amount: context.money(payout), detail })
      : context.t('instantNoWin', { detail })
  context.say(text, payout > 0n ? 'win' : 'info')
}

/** A chip tally for the tables: bet key → chips, with undo (last chip first). */
export function createChips(maxChips: number, onChange: () => void) {
  const chips = new Map<string, number>()
  const history: string[] = []
  return {
    chips,
    total: () => [...chips.values()].reduce((s, n) => s + n, 0),
    add(key: string): boolean {
      if (this.total() >= maxChips) return false
      chips.set(key, (chips.get(key) ?? 0) + 1)
      history.push(key)
      onChange()
      return true
    },
    undo() {
      const key = history.pop()
      if (key === undefined) return
      const left = (chips.get(key) ?? 0) - 1
      if (left > 0) chips.set(key, left)
      else chips.delete(key)
      onChange()
    },
    clear() {
      chips.clear()
      history.length = 0
      onChange()
    },
  }
}

/** The rules panel's part: a heading, paragraphs and optional tables. */
export function rulesPanel(title: string, paragraphs: string[], ...extra: Node[]): HTMLElement {
  return el(
    'section',
    {},
    el('h3', { text: title }),
    ...paragraphs.map((text) => el('p', { text })),
    ...extra,
  )
}

/** A two-column table (label, value). */
export function pairTable(rows: [string, string][], className = 'pays'): HTMLTableElement {
  return el(
    'table',
    { class: className },
    el(
      'tbody',
      {},
      ...rows.map(([label, value]) =>
        el('tr', {}, el('th', { text: label }), el('td', { text: value })),
      ),
    ),
  )
}

export const SVG_NS = 'http://www.w3.org/2000/svg'
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value))
  return node
}
