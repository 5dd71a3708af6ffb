import type { PlinkoInfo, PlinkoRisk, PlinkoView } from '../../games/plinko.ts'
import { addStyle } from '../dom.ts'
import type { Renderer, RoundAnswer } from '../renderer.ts'
import {
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

// Plinko: rows and risk selectors, the pegs drawn in SVG, the ball falling along the server's
// path (the path is the result: no physics), the slots' multipliers coloured by size.

const CSS = `
.ig-plinko .box{width:min(94vw,560px,calc((100cqh - 10px) * 1.15));aspect-ratio:1.15}
.ig-plinko svg{width:100%;height:100%;display:block}
.ig-plinko .side{display:flex;flex-direction:column;gap:8px;min-width:130px}
@media (max-width:560px){.ig-plinko .side{flex-direction:row;justify-content:center;min-width:0;padding:2px 8px}
  .ig-plinko label{flex-direction:row;align-items:center;gap:6px}.ig-plinko .box{width:min(94vw,calc((100cqh - 50px) * 1.15))}}
`

/** A slot's colour by its multiplier: deep red for the top, green near 1, grey below. */
function slotColour(m: number): string {
  if (m >= 100) return '#ff1f4b'
  if (m >= 10) return '#ff5b2e'
  if (m >= 3) return '#ff9d1c'
  if (m >= 1.5) return '#ffd23a'
  if (m >= 1) return '#9be15d'
  return '#7d8aa3'
}

export const plinkoRenderer: Renderer<PlinkoInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'plinko')
    let rows = 12
    let risk: PlinkoRisk = 'medium'
    const W = 460
    const H = 400
    const board = svg('svg', {
      viewBox: `0 0 ${W} ${H}`,
      role: 'img',
      'aria-label': t('plinkoBoard'),
    })
    const rowsSelect = el('select', { 'aria-label': t('plinkoRows'), 'data-testid': 'plinko-rows' })
    for (let r = info.minRows; r <= info.maxRows; r++)
      rowsSelect.append(el('option', { value: String(r), text: String(r) }))
    const riskSelect = el('select', { 'aria-label': t('plinkoRisk'), 'data-testid': 'plinko-risk' })
    for (const r of info.risks)
      riskSelect.append(el('option', { value: r, text: t(`plinkoRisk_${r}`) }))
    rowsSelect.value = String(rows)
    riskSelect.value = risk
    node.append(
      el('div', { class: 'box board' }, board),
      el(
        'div',
        { class: 'side panel' },
        el('label', {}, t('plinkoRows'), rowsSelect),
        el('label', {}, t('plinkoRisk'), riskSelect),
      ),
    )
    const play = playButton(context, t('plinkoDrop'))
    context.controls.replaceChildren(play)

    const gap = () => (W - 40) / (rows + 2)
    const rowY = (r: number) => 30 + r * ((H - 80) / rows)
    const pegX = (r: number, i: number) => W / 2 + (i - r / 2) * gap()
    let slots: SVGGElement[] = []
    const ball = svg('circle', {
      r: 7,
      fill: '#fff',
      stroke: context.theme.accent,
      'stroke-width': 3,
    })
    function drawBoard() {
      board.replaceChildren()
      slots = []
      for (let r = 0; r < rows; r++)
        for (let i = 0; i <= r + 2; i++)
          board.append(
            svg('circle', {
              cx: pegX(r + 2, i),
              cy: rowY(r),
              r: Math.max(2.5, 5 - rows / 5),
              fill: 'rgba(255,255,255,.85)',
            }),
          )
      const pays = info.pays[risk][rows] ?? []
      const g = gap()
      pays.forEach((m, k) => {
        const x = pegX(rows + 1, k + 0.5)
        const slot = svg('g', { transform: `translate(${x.toFixed(1)} ${H - 28})` })
        const rect = svg('rect', {
          x: -g / 2 + 1.5,
          y: -14,
          width: g - 3,
          height: 28,
          rx: 5,
          fill: slotColour(m),
        })
        const text = svg('text', {
          'text-anchor': 'middle',
          y: 4,
          'font-size': Math.min(12, g / 3.2),
          'font-weight': 800,
          fill: '#1a1020',
        })
        text.textContent = m >= 100 ? String(m) : times(m).replace('×', '')
        slot.append(rect, text)
        slots.push(slot)
        board.append(slot)
      })
      ball.setAttribute('cx', String(W / 2))
      ball.setAttribute('cy', '6')
      board.append(ball)
    }
    rowsSelect.addEventListener('change', () => {
      rows = Number(rowsSelect.value)
      drawBoard()
    })
    riskSelect.addEventListener('change', () => {
      risk = riskSelect.value as PlinkoRisk
      drawBoard()
    })
    drawBoard()

    const lock = (busy: boolean) => {
      play.disabled = busy
      rowsSelect.disabled = busy
      riskSelect.disabled = busy
    }
    const cycle = createCycle(context, lock)
    async function draw(answer: RoundAnswer<PlinkoView>) {
      const v = answer.view
      if (v.rows !== rows || v.risk !== risk) {
        rows = v.rows
        risk = v.risk
        rowsSelect.value = String(rows)
        riskSelect.value = risk
        drawBoard()
      }
      for (const slot of slots) slot.removeAttribute('opacity')
      let position = 0
      const place = (x: number, y: number) => {
        ball.setAttribute('cx', x.toFixed(1))
        ball.setAttribute('cy', y.toFixed(1))
      }
      if (!context.reducedMotion) {
        place(W / 2, 6)
        for (let r = 0; r < v.rows; r++) {
          place(pegX(r + 2, position + 1), rowY(r) - 9)
          context.sound('click')
          await pause(Math.max(55, 130 - v.rows * 4))
          position += v.path[r] ?? 0
        }
      } else position = v.slot
      place(pegX(v.rows + 1, v.slot + 0.5), H - 48)
      slots.forEach((slot, k) => k !== v.slot && slot.setAttribute('opacity', '0.45'))
    }
    const result = (answer: RoundAnswer<PlinkoView>) =>
      sayResult(context, answer, t('plinkoLanded', { x: times(answer.view.multiplier) }))
    const start = () => void cycle.run<PlinkoView>({ rows, risk }, draw, result)
    play.addEventListener('click', start)
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<PlinkoView>).then(() => context.settle(answer))
      },
      rules() {
        const tables = info.risks.map((r) =>
          el(
            'div',
            {},
            el('h3', { text: t(`plinkoRisk_${r}`) }),
            pairTable(
              Object.entries(info.pays[r]).map(([n, pays]) => [
                t('plinkoRowsCount', { rows: n }),
                pays
                  .slice(0, Math.ceil(pays.length / 2))
                  .map((m) => times(m))
                  .join(' · '),
              ]),
            ),
          ),
        )
        return rulesPanel(t('plinkoRulesTitle'), [t('plinkoRules'), t('instantKeys')], ...tables)
      },
    }
  },
}
