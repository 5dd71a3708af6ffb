import type { ChipBet, RouletteInfo, RouletteView } from '../../games/roulette.ts'
import { addStyle } from '../dom.ts'
import type { Renderer, RoundAnswer } from '../renderer.ts'
import {
  button,
  createChips,
  createCycle,
  el,
  pairTable,
  pause,
  playButton,
  root,
  rulesPanel,
  sayResult,
  svg,
  instantStyle,
} from './instant-kit.ts'

// Roulette: the betting table (0–36, columns, dozens, the even-money bets); a click places a chip
// of the current stake with the chosen inside bet (straight, split, street, corner, line
// anchored on the number clicked); undo, clear, spin; an SVG wheel that turns the pocket under
// the ball; the winning number and bets lit.

const CSS = `
.ig-roulette{flex-direction:column;gap:8px}
.ig-roulette .top{display:flex;gap:12px;align-items:center;justify-content:center;width:100%}
.ig-roulette .wheel{width:min(30cqh,170px);aspect-ratio:1;flex:none}
.ig-roulette .wheel svg{width:100%;height:100%}
.ig-roulette .rot{transform-origin:100px 100px;transition-property:transform;transition-timing-function:cubic-bezier(.12,.7,.15,1)}
.ig-roulette .table{display:grid;grid-template-columns:repeat(14,minmax(0,1fr));grid-auto-rows:minmax(24px,5.5cqh);gap:2px;
  width:min(96vw,720px);background:rgba(0,0,0,.25);padding:4px;border-radius:10px;border:2px solid rgba(255,255,255,.5)}
.ig-roulette .spot{position:relative;border:1px solid rgba(255,255,255,.45);border-radius:4px;color:#fff;font-weight:800;padding:0;
  font-size:clamp(10px,2.6vw,14px);cursor:pointer;background:transparent;font-variant-numeric:tabular-nums;min-width:0}
.ig-roulette .spot.red{background:#c62828}
.ig-roulette .spot.black{background:#1b1b1f}
.ig-roulette .spot.green{background:#1d8f4e}
.ig-roulette .spot.won{box-shadow:var(--glow);z-index:1}
.ig-roulette .spot .chip{position:absolute;inset-inline-end:-4px;top:-6px}
.ig-roulette .side{display:flex;flex-direction:column;gap:6px;min-width:140px}
.ig-roulette .last{font-size:28px;font-weight:900;text-align:center;border-radius:10px;padding:4px}
@media (max-width:560px){.ig-roulette .table{grid-auto-rows:minmax(26px,auto)}.ig-roulette .wheel{width:min(24cqh,120px)}}
`

type Inside = 'straight' | 'split' | 'street' | 'corner' | 'line'

/** The inside bet of `mode` anchored on number `n` (0 takes only straight or a split with 2). */
function insideBet(mode: Inside, n: number): { kind: string; value: number | number[] } {
  const row = n - ((n - 1) % 3)
  if (n === 0)
    return mode === 'split' ? { kind: 'split', value: [0, 2] } : { kind: 'straight', value: 0 }
  switch (mode) {
    case 'split':
      return { kind: 'split', value: n + 3 <= 36 ? [n, n + 3] : [n - 3, n] }
    case 'street':
      return { kind: 'street', value: row }
    case 'corner': {
      let a = n % 3 === 0 ? n - 1 : n
      if (a > 32) a -= 3
      return { kind: 'corner', value: a }
    }
    case 'line':
      return { kind: 'line', value: Math.min(row, 31) }
    case 'straight':
      return { kind: 'straight', value: n }
  }
}

export const rouletteRenderer: Renderer<RouletteInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, `roulette ig-${info.table}`)
    const colour = (n: number) => (n === 0 ? 'green' : info.red.includes(n) ? 'red' : 'black')

    // The wheel.
    const rot = svg('g', { class: 'rot' })
    const slice = 360 / info.wheel.length
    info.wheel.forEach((n, i) => {
      const a0 = ((i - 0.5) * slice - 90) * (Math.PI / 180)
      const a1 = ((i + 0.5) * slice - 90) * (Math.PI / 180)
      const p = (r: number, a: number) =>
        `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`
      rot.append(
        svg('path', {
          d: `M${p(96, a0)} A96 96 0 0 1 ${p(96, a1)} L${p(62, a1)} A62 62 0 0 0 ${p(62, a0)} Z`,
          fill: colour(n) === 'red' ? '#c62828' : colour(n) === 'black' ? '#17171b' : '#1d8f4e',
          stroke: '#d4af37',
          'stroke-width': 0.6,
        }),
      )
      const text = svg('text', {
        x: 100,
        y: 15,
        'text-anchor': 'middle',
        'font-size': 8,
        'font-weight': 700,
        fill: '#fff',
        transform: `rotate(${i * slice} 100 100)`,
      })
      text.textContent = String(n)
      rot.append(text)
    })
    rot.append(
      svg('circle', {
        cx: 100,
        cy: 100,
        r: 60,
        fill: '#5b3a1e',
        stroke: '#d4af37',
        'stroke-width': 2,
      }),
      svg('circle', { cx: 100, cy: 100, r: 14, fill: '#d4af37' }),
    )
    const wheel = svg('svg', { viewBox: '0 0 200 200', 'aria-hidden': 'true' })
    wheel.append(
      svg('circle', { cx: 100, cy: 100, r: 99, fill: '#3a2412' }),
      rot,
      svg('circle', { cx: 100, cy: 26, r: 5, fill: '#fff', stroke: '#999' }),
    )
    const last = el('div', { class: 'last', 'aria-live': 'off', text: '–' })

    // The table.
    const spots = new Map<string, HTMLButtonElement>()
    const table = el('div', {
      class: 'table board',
      role: 'group',
      'aria-label': t('rouletteTable'),
    })
    const chips = createChips(info.maxChips, () => drawChips())
    const spot = (
      key: string,
      text: string,
      cls: string,
      aria: string,
      column: string,
      row: string,
    ) => {
      const b = el('button', { type: 'button', class: `spot ${cls}`, 'aria-label': aria, text })
      b.style.gridColumn = column
      b.style.gridRow = row
      b.addEventListener('click', () => place(key))
      spots.set(key, b)
      table.append(b)
    }
    let mode: Inside = 'straight'
    const numberKey = (n: number) => `n${n}`
    spot(numberKey(0), '0', 'green', t('rouletteNumber', { n: 0 }), '1', '1 / span 3')
    for (let n = 1; n <= 36; n++) {
      const column = Math.ceil(n / 3) + 1
      const row = 3 - ((n - 1) % 3)
      spot(
        numberKey(n),
        String(n),
        colour(n),
        t('rouletteNumber', { n }) + ' ' + t(`rouletteColour_${colour(n)}`),
        String(column),
        String(row),
      )
    }
    for (let c = 1; c <= 3; c++)
      spot(
        JSON.stringify({ kind: 'column', value: c }),
        '2:1',
        '',
        t('rouletteBet_column', { value: c }),
        '14',
        String(4 - c),
      )
    for (let d = 1; d <= 3; d++)
      spot(
        JSON.stringify({ kind: 'dozen', value: d }),
        `${12 * d - 11}–${12 * d}`,
        '',
        t('rouletteBet_dozen', { value: d }),
        `${(d - 1) * 4 + 2} / span 4`,
        '4',
      )
    const evens: [string, string][] = [
      ['low', '1–18'],
      ['even', t('rouletteBet_even')],
      ['red', '◆'],
      ['black', '◆'],
      ['odd', t('rouletteBet_odd')],
      ['high', '19–36'],
    ]
    evens.forEach(([kind, text], i) =>
      spot(
        JSON.stringify({ kind }),
        text,
        kind === 'red' || kind === 'black' ? kind : '',
        t(`rouletteBet_${kind}`, { value: '' }),
        `${i * 2 + 2} / span 2`,
        '5',
      ),
    )

    const modeSelect = el('select', {
      'aria-label': t('rouletteInside'),
      'data-testid': 'roulette-mode',
    })
    for (const m of ['straight', 'split', 'street', 'corner', 'line'] as const)
      modeSelect.append(el('option', { value: m, text: t(`rouletteMode_${m}`) }))
    modeSelect.addEventListener('change', () => (mode = modeSelect.value as Inside))
    const total = el('p', { class: 'muted' })
    node.append(
      el(
        'div',
        { class: 'top' },
        el('div', { class: 'wheel' }, wheel),
        el(
          'div',
          { class: 'side panel' },
          last,
          el('label', {}, t('rouletteInside'), modeSelect),
          total,
        ),
      ),
      table,
    )
    const undo = button(t('instantUndo'), 'studio-action-undo')
    const clear = button(t('instantClear'), 'studio-action-clear')
    const play = playButton(context, t('spin'))
    context.controls.replaceChildren(undo, clear, play)

    function place(key: string) {
      if (cycle.busy) return
      let betKey = key
      if (key.startsWith('n')) betKey = JSON.stringify(insideBet(mode, Number(key.slice(1))))
      for (const b of spots.values()) b.classList.remove('won')
      if (!chips.add(betKey)) return context.say(t('instantTooManyChips'))
      context.sound('click')
    }
    /** The table spot a bet's chip sits on. */
    function anchorOf(betKey: string): string {
      const bet = JSON.parse(betKey) as ChipBet
      if (['straight', 'split', 'street', 'corner', 'line'].includes(bet.kind)) {
        const value = Array.isArray(bet.value) ? Math.min(...bet.value) : (bet.value ?? 0)
        return numberKey(bet.kind === 'split' && value === 0 ? 0 : value)
      }
      return betKey
    }
    function drawChips() {
      const onSpot = new Map<string, number>()
      for (const [key, n] of chips.chips)
        onSpot.set(anchorOf(key), (onSpot.get(anchorOf(key)) ?? 0) + n)
      for (const [key, b] of spots) {
        b.querySelector('.chip')?.remove()
        const n = onSpot.get(key)
        if (n) b.append(el('span', { class: 'chip', text: String(n) }))
      }
      const count = chips.total()
      total.textContent = t('instantChips', {
        count,
        max: info.maxChips,
        amount: context.money(context.stake() * BigInt(count)),
      })
      play.disabled = cycle.busy || count === 0
      undo.disabled = cycle.busy || count === 0
      clear.disabled = cycle.busy || count === 0
    }
    const lock = (busy: boolean) => {
      for (const b of spots.values()) b.disabled = busy
      modeSelect.disabled = busy
      play.disabled = busy
      undo.disabled = busy
      clear.disabled = busy
      if (!busy) drawChips()
    }
    const cycle = createCycle(context, lock)
    let angle = 0
    async function draw(answer: RoundAnswer<RouletteView>) {
      const v = answer.view
      const index = info.wheel.indexOf(v.pocket)
      const ms = context.reducedMotion ? 0 : info.spinMs
      angle =
        angle -
        (angle % 360) +
        (context.reducedMotion ? 0 : 360 * (info.table === 'speed' ? 3 : 5)) +
        (360 - index * slice)
      rot.style.transitionDuration = `${ms}ms`
      rot.style.transform = `rotate(${angle}deg)`
      last.textContent = '…'
      await pause(ms + 60)
      context.sound('stop')
      last.textContent = String(v.pocket)
      last.style.background =
        colour(v.pocket) === 'red'
          ? '#c62828'
          : colour(v.pocket) === 'black'
            ? '#1b1b1f'
            : '#1d8f4e'
      spots.get(numberKey(v.pocket))?.classList.add('won')
      for (const bet of v.bets)
        if (bet.win !== '0')
          spots
            .get(
              anchorOf(
                JSON.stringify({
                  kind: bet.kind,
                  ...(bet.value !== undefined && { value: bet.value }),
                }),
              ),
            )
            ?.classList.add('won')
    }
    const result = (answer: RoundAnswer<RouletteView>) =>
      sayResult(
        context,
        answer,
        t('roulettePocket', {
          n: answer.view.pocket,
          colour: t(`rouletteColour_${answer.view.colour}`),
        }),
      )
    const start = () => {
      if (chips.total() === 0) return context.say(t('instantPlaceBets'))
      const bets = [...chips.chips].map(([key, amount]) => ({
        ...(JSON.parse(key) as ChipBet),
        amount,
      }))
      void cycle.run<RouletteView>({ bets }, draw, result)
    }
    play.addEventListener('click', start)
    document.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
        return
      if (event.key === 'u' || event.key === 'U' || (event.key === 'z' && event.ctrlKey))
        undo.click()
      if (event.key === 'c' || event.key === 'C') clear.click()
    })
    undo.addEventListener('click', () => chips.undo())
    clear.addEventListener('click', () => chips.clear())
    drawChips()
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<RouletteView>).then(() => context.settle(answer))
      },
      rules: () =>
        rulesPanel(
          t('rouletteRulesTitle'),
          [t('rouletteRules', { max: info.maxChips }), t('rouletteKeys')],
          pairTable(
            (['straight', 'split', 'street', 'corner', 'line', 'dozen', 'red'] as const).map(
              (kind) => [
                t(
                  `rouletteMode_${kind === 'dozen' ? 'dozenColumn' : kind === 'red' ? 'evenMoney' : kind}`,
                ),
                {
                  straight: '35:1',
                  split: '17:1',
                  street: '11:1',
                  corner: '8:1',
                  line: '5:1',
                  dozen: '2:1',
                  red: '1:1',
                }[kind],
              ],
            ),
          ),
        ),
    }
  },
}
