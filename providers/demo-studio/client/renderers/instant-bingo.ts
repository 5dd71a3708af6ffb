import { BINGO_LINES, type BingoInfo, type BingoView } from '../../games/bingo.ts'
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
  times,
  instantStyle,
} from './instant-kit.ts'

// Bingo: the card (B I N G O, a free centre), the balls as they are called, the marks, the
// completed lines and corners lit, the pays beside it.

const CSS = `
.ig-bingo .card{display:grid;grid-template-columns:repeat(5,1fr);gap:4px;width:min(86vw,300px,calc(100cqh - 24px));flex:none;
  background:rgba(0,0,0,.35);padding:8px;border-radius:14px;border:2px solid var(--accent)}
.ig-bingo .head{text-align:center;font-weight:900;font-size:clamp(14px,4vw,20px);color:var(--accent)}
.ig-bingo .sq{aspect-ratio:1;display:flex;align-items:center;justify-content:center;border-radius:8px;background:#fdf6e3;color:#1d2b44;
  font-weight:800;font-size:clamp(12px,3.6vw,18px);font-variant-numeric:tabular-nums;position:relative}
.ig-bingo .sq.free{background:var(--accent);color:#111;font-size:10px}
.ig-bingo .sq.mark::after{content:"";position:absolute;inset:12%;border-radius:50%;background:rgba(214,48,80,.55)}
.ig-bingo .sq.line{box-shadow:var(--glow)}
.ig-bingo .side{display:flex;flex-direction:column;gap:8px;min-width:160px}
.ig-bingo .called{display:flex;flex-wrap:wrap;gap:3px;max-width:220px;min-height:24px}
.ig-bingo .ball{width:24px;height:24px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:10px;font-weight:800;
  background:#fff;color:#123}
.ig-bingo .ball.on{background:var(--accent);color:#111}
@media (max-width:560px){.ig-bingo{flex-direction:row;gap:6px}.ig-bingo .card{width:min(56vw,calc(100cqh - 16px));padding:4px;gap:2px}
  .ig-bingo .side{min-width:0;width:38vw;gap:4px}.ig-bingo .panel{padding:4px}.ig-bingo table.pays{font-size:10px}.ig-bingo table.pays td,.ig-bingo table.pays th{padding:1px 2px}
  .ig-bingo .ball{width:16px;height:16px;font-size:8px}.ig-bingo .called{gap:2px}}
`

export const bingoRenderer: Renderer<BingoInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'bingo')
    const card = el('div', { class: 'card board', role: 'grid', 'aria-label': t('bingoCard') })
    const squares: HTMLElement[] = []
    for (const letter of 'BINGO')
      card.append(el('div', { class: 'head', 'aria-hidden': 'true', text: letter }))
    for (let i = 0; i < 25; i++) {
      const sq = el('div', {
        class: i === 12 ? 'sq free mark' : 'sq',
        role: 'gridcell',
        text: i === 12 ? t('bingoFree') : '·',
      })
      squares.push(sq)
      card.append(sq)
    }
    const called = el('div', { class: 'called', 'aria-hidden': 'true' })
    const pays = pairTable([
      [t('bingoLines', { count: 1 }), times(info.pays.lines[0] / 10)],
      [t('bingoLines', { count: 2 }), times(info.pays.lines[1] / 10)],
      [t('bingoLines3'), times(info.pays.lines[2] / 10)],
      [t('bingoCorners'), `+${times(info.pays.corners / 10)}`],
      [t('bingoFullHouse'), times(info.pays.fullHouse / 10)],
    ])
    node.append(
      card,
      el(
        'div',
        { class: 'side' },
        el('div', { class: 'panel' }, el('h3', { text: t('paytable') }), pays),
        el(
          'div',
          { class: 'panel' },
          el('h3', { text: t('bingoCalled', { count: info.drawn }) }),
          called,
        ),
      ),
    )
    const play = playButton(context)
    context.controls.replaceChildren(play)
    const cycle = createCycle(context, (busy) => (play.disabled = busy))

    async function draw(answer: RoundAnswer<BingoView>) {
      const view = answer.view
      called.replaceChildren()
      for (const row of pays.rows) row.classList.remove('on')
      view.card.forEach((n, i) => {
        const sq = squares[i]
        if (!sq || i === 12) return
        sq.className = 'sq'
        sq.textContent = String(n)
        sq.setAttribute('aria-label', t('bingoSquare', { n }))
      })
      const onCard = new Map(view.card.map((n, i) => [n, i]))
      for (const ball of view.drawn) {
        const index = onCard.get(ball)
        called.append(
          el('span', { class: index !== undefined ? 'ball on' : 'ball', text: String(ball) }),
        )
        if (index !== undefined && index !== 12) {
          squares[index]?.classList.add('mark')
          squares[index]?.setAttribute('aria-label', t('bingoMarked', { n: ball }))
        }
        if (!context.reducedMotion) {
          if (index !== undefined) context.sound('card')
          await pause(index !== undefined ? 110 : 45)
        }
      }
      for (const line of view.lines)
        for (const cell of BINGO_LINES[line] ?? []) squares[cell]?.classList.add('line')
      if (view.corners) for (const cell of [0, 4, 20, 24]) squares[cell]?.classList.add('line')
      const lit = view.fullHouse ? 4 : view.lines.length ? Math.min(view.lines.length, 3) - 1 : -1
      if (lit >= 0) pays.rows[lit]?.classList.add('on')
      if (view.corners && !view.fullHouse) pays.rows[3]?.classList.add('on')
    }
    const result = (answer: RoundAnswer<BingoView>) => {
      const v = answer.view
      const detail = v.fullHouse
        ? t('bingoFullHouse')
        : [
            v.lines.length ? t('bingoLines', { count: v.lines.length }) : '',
            v.corners ? t('bingoCorners') : '',
          ]
            .filter(Boolean)
            .join(' + ') || t('bingoNoLine')
      sayResult(context, answer, detail)
    }
    const start = () => void cycle.run<BingoView>({}, draw, result)
    play.addEventListener('click', start)
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<BingoView>).then(() => context.settle(answer))
      },
      rules: () =>
        rulesPanel(t('bingoRulesTitle'), [
          t('bingoRules', { drawn: info.drawn, balls: info.balls }),
          t('instantKeys'),
        ]),
    }
  },
}
