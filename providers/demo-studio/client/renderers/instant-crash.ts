import type { CrashInfo, CrashView } from '../../games/crash.ts'
import { addStyle } from '../dom.ts'
import type { Renderer, RoundAnswer } from '../renderer.ts'
import {
  button,
  createCycle,
  el,
  pairTable,
  playButton,
  root,
  rulesPanel,
  sayResult,
  svg,
  times,
  instantStyle,
} from './instant-kit.ts'

// Crash: the target (auto cash-out) with −/+ and presets; the multiplier climbs along a curve
// (or carries a rocket, a balloon, a jet) to the crash point; "cashed out at 2.00×" when it
// reached the target, "crashed at 1.37×" when not.

const CSS = `
.ig-crash .sky{position:relative;width:min(94vw,620px);height:min(60cqh,330px);min-height:180px;border-radius:16px;overflow:hidden;
  background:rgba(0,0,0,.28);border:1px solid rgba(255,255,255,.14)}
.ig-crash .sky svg{position:absolute;inset:0;width:100%;height:100%}
.ig-crash .mult{position:absolute;inset-inline:0;top:14%;text-align:center;font-size:clamp(30px,9vw,56px);font-weight:900;
  font-variant-numeric:tabular-nums;text-shadow:0 4px 18px rgba(0,0,0,.5)}
.ig-crash .mult.won{color:var(--accent)}
.ig-crash .mult.lost{color:#ff5a5a}
.ig-crash .note{position:absolute;inset-inline:0;top:calc(14% + clamp(38px,10vw,66px));text-align:center;font-weight:700}
.ig-crash .side{display:flex;flex-direction:column;gap:8px;min-width:170px}
.ig-crash .target{display:flex;gap:6px;align-items:center}
.ig-crash .target input{width:96px;text-align:center;font-variant-numeric:tabular-nums}
.ig-crash .presets{display:flex;gap:4px;flex-wrap:wrap}
.ig-crash .presets .ig-btn{height:30px;font-size:12px;padding:0 8px}
.ig-crash .history{display:flex;gap:4px;flex-wrap:wrap;font-size:11px;font-weight:700}
.ig-crash .history span{padding:2px 6px;border-radius:999px;background:rgba(255,255,255,.14)}
.ig-crash .history span.hi{background:var(--accent);color:#111}
@media (max-width:560px){.ig-crash .side{flex-direction:row;flex-wrap:wrap;justify-content:center;min-width:0;padding:4px}.ig-crash .history{display:none}
  .ig-crash .side p{margin:0}}
`

/** The art that rides the curve's head. */
function rider(art: CrashInfo['art'], accent: string): SVGGElement {
  const g = svg('g')
  if (art === 'rocket') {
    g.append(
      svg('path', {
        d: 'M-14 6 L6 6 L16 0 L6 -6 L-14 -6 Z',
        fill: '#f4f4f8',
        stroke: '#333',
        'stroke-width': 1,
      }),
      svg('path', { d: 'M-14 -6 L-20 -12 L-8 -6 Z M-14 6 L-20 12 L-8 6 Z', fill: accent }),
      svg('path', { d: 'M-14 -3 L-26 0 L-14 3 Z', fill: '#ffb300' }),
      svg('circle', { cx: 2, cy: 0, r: 2.5, fill: '#4fc3f7' }),
    )
  } else if (art === 'balloon') {
    g.append(
      svg('path', { d: 'M0 18 L0 30', stroke: '#fff', 'stroke-width': 1 }),
      svg('ellipse', {
        class: 'balloon',
        cx: 0,
        cy: 0,
        rx: 14,
        ry: 17,
        fill: accent,
        stroke: 'rgba(0,0,0,.25)',
      }),
      svg('ellipse', { cx: -5, cy: -6, rx: 3, ry: 5, fill: 'rgba(255,255,255,.55)' }),
    )
  } else if (art === 'jet') {
    g.append(
      svg('path', {
        d: 'M-16 0 L14 -2 L18 0 L14 2 Z',
        fill: '#e8eef5',
        stroke: '#2b3d52',
        'stroke-width': 1,
      }),
      svg('path', { d: 'M-2 0 L-10 -12 L-4 -12 L6 0 Z M-2 0 L-10 12 L-4 12 L6 0 Z', fill: accent }),
      svg('path', { d: 'M-16 0 L-20 -7 L-13 -1 Z', fill: accent }),
    )
  } else {
    g.append(svg('circle', { r: 7, fill: accent, stroke: '#fff', 'stroke-width': 2 }))
  }
  return g
}

export const crashRenderer: Renderer<CrashInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'crash')
    const W = 600
    const H = 320
    const plot = svg('svg', {
      viewBox: `0 0 ${W} ${H}`,
      preserveAspectRatio: 'none',
      'aria-hidden': 'true',
    })
    const area = svg('path', { fill: context.theme.accent, 'fill-opacity': 0.18 })
    const curve = svg('path', {
      fill: 'none',
      stroke: context.theme.accent,
      'stroke-width': 4,
      'stroke-linecap': 'round',
    })
    const targetLine = svg('line', {
      x1: 0,
      x2: W,
      stroke: '#fff',
      'stroke-opacity': 0.5,
      'stroke-dasharray': '6 6',
    })
    const head = rider(info.art, context.theme.accent)
    plot.append(area, curve, targetLine, head)
    const mult = el('div', { class: 'mult', 'data-testid': 'crash-multiplier', text: times(1) })
    const note = el('div', { class: 'note' })
    const sky = el('div', { class: 'sky board' }, plot, mult, note)

    let target = 200
    const input = el('input', {
      type: 'number',
      min: String(info.minTarget / 100),
      max: String(info.maxTarget / 100),
      step: '0.01',
      inputmode: 'decimal',
      'aria-label': t('crashTarget'),
      'data-testid': 'crash-target',
    })
    const minus = button('−', 'studio-action-target-down', { 'aria-label': t('crashLower') })
    const plus = button('+', 'studio-action-target-up', { 'aria-label': t('crashHigher') })
    const presets = info.presets.map((p) => {
      const b = button(times(p / 100), `studio-action-preset-${p}`)
      b.addEventListener('click', () => setTarget(p))
      return b
    })
    const history = el('div', { class: 'history', 'aria-label': t('crashHistory') })
    node.append(
      sky,
      el(
        'div',
        { class: 'side panel' },
        el('label', {}, t('crashTarget'), el('div', { class: 'target' }, minus, input, plus)),
        el('div', { class: 'presets' }, ...presets),
        el('p', { class: 'muted', text: t('crashChance', { chance: '' }) }),
        history,
      ),
    )
    const chance = node.querySelector('p.muted')
    const play = playButton(context)
    context.controls.replaceChildren(play)

    const yOf = (m: number, top: number) => H - 16 - (Math.log(m) / Math.log(top)) * (H - 40)
    function drawTo(m: number, top: number, progress: number) {
      const points: string[] = []
      const steps = 40
      for (let i = 0; i <= steps; i++) {
        const f = (i / steps) * progress
        const value = Math.exp(Math.log(m) * (f / Math.max(progress, 1e-6)))
        points.push(`${(f * (W - 40)).toFixed(1)},${yOf(value, top).toFixed(1)}`)
      }
      curve.setAttribute('d', `M${points.join(' L')}`)
      area.setAttribute(
        'd',
        `M0,${H} L${points.join(' L')} L${(progress * (W - 40)).toFixed(1)},${H} Z`,
      )
      const x = progress * (W - 40)
      const y = yOf(m, top)
      const grow = info.art === 'balloon' ? 0.8 + Math.min(1.6, Math.log(m)) : 1
      head.setAttribute(
        'transform',
        `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${info.art === 'balloon' ? 0 : -20}) scale(${grow.toFixed(2)})`,
      )
    }
    function setTarget(hundredths: number) {
      target = Math.min(info.maxTarget, Math.max(info.minTarget, Math.round(hundredths)))
      input.value = (target / 100).toFixed(2)
      if (chance)
        chance.textContent = t('crashChance', {
          chance: new Intl.NumberFormat(document.documentElement.lang || 'en', {
            style: 'percent',
            maximumFractionDigits: 2,
          }).format(info.rtpBp / 100 / target),
        })
      const top = Math.max(2, target / 100) * 1.25
      targetLine.setAttribute('y1', String(yOf(target / 100, top)))
      targetLine.setAttribute('y2', String(yOf(target / 100, top)))
    }
    const step = (up: boolean) => {
      const m = target / 100
      const delta = m < 2 ? 0.01 : m < 10 ? 0.1 : m < 100 ? 1 : 10
      setTarget((up ? m + delta : m - delta) * 100)
    }
    minus.addEventListener('click', () => step(false))
    plus.addEventListener('click', () => step(true))
    input.addEventListener('change', () => setTarget(Number(input.value) * 100))
    setTarget(target)
    drawTo(1.0001, 2.5, 0.001)

    const lock = (busy: boolean) => {
      for (const b of [play, minus, plus, ...presets]) b.disabled = busy
      input.disabled = busy
    }
    const cycle = createCycle(context, lock)
    async function draw(answer: RoundAnswer<CrashView>) {
      const v = answer.view
      const end = (v.won ? v.target : v.crash) / 100
      const top = Math.max(2, end, v.target / 100) * 1.25
      mult.className = 'mult'
      note.textContent = ''
      targetLine.setAttribute('y1', String(yOf(v.target / 100, top)))
      targetLine.setAttribute('y2', String(yOf(v.target / 100, top)))
      // The curve's width follows how far it climbed: a crash at 1.05× stays near the start.
      const span = Math.min(1, Math.max(0.3, Math.log(end) / Math.log(top) + 0.2))
      const duration = context.reducedMotion ? 0 : Math.min(4200, 700 + Math.log(end) * 1300)
      const began = performance.now()
      await new Promise<void>((resolve) => {
        const frame = () => {
          const f = duration ? Math.min(1, (performance.now() - began) / duration) : 1
          const m = Math.exp(Math.log(end) * f)
          drawTo(Math.max(m, 1.0001), top, Math.max(f * span, 0.001))
          mult.textContent = times(Math.floor(m * 100) / 100)
          if (f < 1) requestAnimationFrame(frame)
          else resolve()
        }
        frame()
      })
      mult.textContent = times(end)
      mult.className = v.won ? 'mult won' : 'mult lost'
      note.textContent = v.won
        ? t('crashCashedOut', { x: times(v.target / 100) })
        : t('crashCrashed', { x: times(v.crash / 100) })
      if (v.won) note.textContent += ` · ${t('crashWentTo', { x: times(v.crash / 100) })}`
      history.prepend(el('span', { class: v.crash >= 200 ? 'hi' : '', text: times(v.crash / 100) }))
      while (history.children.length > 10) history.lastElementChild?.remove()
    }
    const result = (answer: RoundAnswer<CrashView>) =>
      sayResult(
        context,
        answer,
        answer.view.won
          ? t('crashCashedOut', { x: times(answer.view.target / 100) })
          : t('crashCrashed', { x: times(answer.view.crash / 100) }),
      )
    const start = () => void cycle.run<CrashView>({ target }, draw, result)
    play.addEventListener('click', start)
    document.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement || cycle.busy) return
      if (event.key === 'ArrowUp' || event.key === '+') step(true)
      if (event.key === 'ArrowDown' || event.key === '-') step(false)
    })
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<CrashView>).then(() => context.settle(answer))
      },
      rules: () =>
        rulesPanel(
          t('crashRulesTitle'),
          [t('crashRules', { rtp: (info.rtpBp / 100).toFixed(2) }), t('crashKeys')],
          pairTable(
            info.presets.map((p) => [
              times(p / 100),
              new Intl.NumberFormat(document.documentElement.lang || 'en', {
                style: 'percent',
                maximumFractionDigits: 3,
              }).format(info.rtpBp / 100 / p),
            ]),
          ),
        ),
    }
  },
}
