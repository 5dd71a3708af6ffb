import type { WheelInfo, WheelView } from '../../games/wheel.ts'
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
  times,
  instantStyle,
} from './instant-kit.ts'

// Money wheels: the 54-segment wheel in SVG under a pointer, one bet spot per number (a click
// places a chip of the stake), the gold spot lit before the spin (Golden Wheel), the ×2 / ×7
// segments spinning again with their multiplier (Dream Catcher).

const CSS = `
.ig-wheel .wheel{width:min(92vw,calc(100cqh - 16px),420px);aspect-ratio:1;position:relative;flex:none}
.ig-wheel .wheel svg{width:100%;height:100%}
.ig-wheel .rot{transform-origin:200px 200px;transition-property:transform;transition-timing-function:cubic-bezier(.15,.65,.2,1)}
.ig-wheel .hub{position:absolute;inset:38%;border-radius:50%;display:flex;flex-direction:column;align-items:center;justify-content:center;
  background:radial-gradient(circle,#2a1d05,#000);border:3px solid var(--accent);font-weight:900;font-size:clamp(14px,4vw,22px);text-align:center}
.ig-wheel .hub small{font-size:11px;font-weight:700;color:var(--accent)}
.ig-wheel .spots{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;min-width:190px}
.ig-wheel .spot{position:relative;height:52px;border-radius:12px;border:2px solid rgba(255,255,255,.35);color:#111;font-weight:900;font-size:18px;cursor:pointer}
.ig-wheel .spot small{display:block;font-size:10px;font-weight:700;opacity:.8}
.ig-wheel .spot.gold{border-color:#ffd700;box-shadow:0 0 0 2px #ffd700,0 0 18px #ffd700}
.ig-wheel .spot.won{box-shadow:var(--glow)}
.ig-wheel .spot .chip{position:absolute;inset-inline-end:-5px;top:-7px;background:#fff}
.ig-wheel .side{display:flex;flex-direction:column;gap:8px}
@media (max-width:560px){.ig-wheel .wheel{width:min(70vw,calc(100cqh - 150px))}.ig-wheel .spots{grid-template-columns:repeat(6,1fr);min-width:0;width:96vw}
  .ig-wheel .spot{height:44px;font-size:15px}}
`

const COLOURS: Record<string, string> = {
  '1': '#f5d76e',
  '2': '#6ec6f5',
  '5': '#a78bfa',
  '10': '#5ee08a',
  '20': '#ff8a65',
  '40': '#ff4f81',
  x2: '#e0e0e0',
  x7: '#ffd700',
}

export const wheelRenderer: Renderer<WheelInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'wheel')
    const n = info.segments.length
    const slice = 360 / n
    const rot = svg('g', { class: 'rot' })
    info.segments.forEach((label, i) => {
      const a0 = ((i - 0.5) * slice - 90) * (Math.PI / 180)
      const a1 = ((i + 0.5) * slice - 90) * (Math.PI / 180)
      const p = (r: number, a: number) =>
        `${(200 + r * Math.cos(a)).toFixed(2)} ${(200 + r * Math.sin(a)).toFixed(2)}`
      rot.append(
        svg('path', {
          d: `M${p(190, a0)} A190 190 0 0 1 ${p(190, a1)} L${p(80, a1)} A80 80 0 0 0 ${p(80, a0)} Z`,
          fill: COLOURS[label] ?? '#ccc',
          stroke: '#2b1d05',
          'stroke-width': 1.2,
        }),
      )
      const text = svg('text', {
        x: 200,
        y: 46,
        'dominant-baseline': 'middle',
        'text-anchor': 'middle',
        'font-size': label.startsWith('x') ? 13 : 15,
        'font-weight': 900,
        fill: '#1a1204',
        transform: `rotate(${i * slice} 200 200) rotate(90 200 46)`,
      })
      text.textContent = label.startsWith('x') ? `×${label.slice(1)}` : label
      rot.append(text)
    })
    const plot = svg('svg', { viewBox: '0 0 400 400', 'aria-hidden': 'true' })
    plot.append(
      svg('circle', {
        cx: 200,
        cy: 200,
        r: 198,
        fill: '#2b1d05',
        stroke: context.theme.accent,
        'stroke-width': 4,
      }),
      rot,
      svg('path', { d: 'M188 0 L212 0 L200 26 Z', fill: '#fff', stroke: '#000' }),
    )
    const hub = el(
      'div',
      { class: 'hub', 'aria-hidden': 'true' },
      el('span', { text: '' }),
      el('small', { text: '' }),
    )
    const spots = new Map<string, HTMLButtonElement>()
    const chips = createChips(info.maxChips, () => drawChips())
    const grid = el('div', { class: 'spots board', role: 'group', 'aria-label': t('wheelSpots') })
    for (const spot of info.spots) {
      const b = el(
        'button',
        {
          type: 'button',
          class: 'spot',
          'data-testid': `studio-action-bet-${spot}`,
          'aria-label': t('wheelSpot', { spot, pay: info.pays[spot] ?? 0 }),
        },
        spot,
        el('small', { text: `${info.pays[spot] ?? 0}:1` }),
      )
      b.style.background = COLOURS[spot] ?? '#ccc'
      b.addEventListener('click', () => {
        if (cycle.busy) return
        for (const s of spots.values()) s.classList.remove('won', 'gold')
        if (!chips.add(spot)) return context.say(t('instantTooManyChips'))
        context.sound('click')
      })
      spots.set(spot, b)
      grid.append(b)
    }
    const total = el('p', { class: 'muted' })
    node.append(el('div', { class: 'wheel' }, plot, hub), el('div', { class: 'side' }, grid, total))
    const undo = button(t('instantUndo'), 'studio-action-undo')
    const clear = button(t('instantClear'), 'studio-action-clear')
    const play = playButton(context, t('spin'))
    context.controls.replaceChildren(undo, clear, play)
    const setHub = (big: string, small: string) => {
      const [a, b] = hub.children
      if (a) a.textContent = big
      if (b) b.textContent = small
    }

    function drawChips() {
      for (const [key, b] of spots) {
        b.querySelector('.chip')?.remove()
        const count = chips.chips.get(key)
        if (count) b.append(el('span', { class: 'chip', text: String(count) }))
      }
      const count = chips.total()
      total.textContent = t('instantChips', {
        count,
        max: info.maxChips,
        amount: context.money(context.stake() * BigInt(count)),
      })
      play.disabled = cycle.busy || count === 0
      undo.disabled = clear.disabled = cycle.busy || count === 0
    }
    const lock = (busy: boolean) => {
      for (const b of [...spots.values(), play, undo, clear]) b.disabled = busy
      if (!busy) drawChips()
    }
    const cycle = createCycle(context, lock)
    let angle = 0
    async function draw(answer: RoundAnswer<WheelView>) {
      const v = answer.view
      setHub('', '')
      if (v.gold) {
        spots.get(v.gold.spot)?.classList.add('gold')
        setHub(times(v.gold.multiplier), t('wheelGoldOn', { spot: v.gold.spot }))
        context.sound('card')
        await pause(context.reducedMotion ? 0 : 700)
      }
      let multiplier = 1
      for (const stop of v.stops) {
        const ms = context.reducedMotion ? 0 : 3600
        angle = angle - (angle % 360) + (context.reducedMotion ? 0 : 360 * 4) + (360 - stop * slice)
        rot.style.transitionDuration = `${ms}ms`
        rot.style.transform = `rotate(${angle}deg)`
        await pause(ms + 80)
        context.sound('stop')
        const label = info.segments[stop] ?? ''
        const more = info.multipliers[label]
        if (more !== undefined) {
          multiplier = Math.min(multiplier * more, info.multiplierCap)
          setHub(times(multiplier), t('wheelSpinAgain'))
          context.say(t('wheelMultiplier', { x: times(multiplier) }))
          await pause(context.reducedMotion ? 0 : 600)
        } else {
          setHub(
            label,
            multiplier > 1
              ? times(multiplier)
              : v.gold?.spot === label
                ? `${t('wheelGold')} ${times(v.gold.multiplier)}`
                : '',
          )
          spots.get(label)?.classList.add('won')
        }
      }
    }
    const result = (answer: RoundAnswer<WheelView>) => {
      const label = info.segments[answer.view.stops.at(-1) ?? 0] ?? ''
      sayResult(
        context,
        answer,
        answer.view.multiplier > 1
          ? t('wheelLandedTimes', { spot: label, x: times(answer.view.multiplier) })
          : t('wheelLanded', { spot: label }),
      )
    }
    const start = () => {
      if (chips.total() === 0) return context.say(t('instantPlaceBets'))
      void cycle.run<WheelView>({ bets: Object.fromEntries(chips.chips) }, draw, result)
    }
    play.addEventListener('click', start)
    undo.addEventListener('click', () => chips.undo())
    clear.addEventListener('click', () => chips.clear())
    document.addEventListener('keydown', (event) => {
      if (
        event.target instanceof HTMLInputElement ||
        event.target instanceof HTMLSelectElement ||
        cycle.busy
      )
        return
      if (event.key === 'u' || event.key === 'U') undo.click()
      if (event.key === 'c' || event.key === 'C') clear.click()
      const index = Number(event.key) - 1
      const spot = info.spots[index]
      if (spot && event.key >= '1' && event.key <= '6') spots.get(spot)?.click()
    })
    drawChips()
    const counts = new Map<string, number>()
    for (const label of info.segments) counts.set(label, (counts.get(label) ?? 0) + 1)
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<WheelView>).then(() => context.settle(answer))
      },
      rules: () =>
        rulesPanel(
          t('wheelRulesTitle'),
          [
            t('wheelRules', { segments: n, max: info.maxChips }),
            ...(info.gold ? [t('wheelGoldRules')] : []),
            ...(Object.keys(info.multipliers).length
              ? [t('wheelMultiplierRules', { cap: info.multiplierCap })]
              : []),
            t('wheelKeys'),
          ],
          pairTable(
            info.spots.map((spot) => [
              t('wheelSpotRow', { spot, count: counts.get(spot) ?? 0 }),
              `${info.pays[spot] ?? 0}:1`,
            ]),
          ),
        ),
    }
  },
}
