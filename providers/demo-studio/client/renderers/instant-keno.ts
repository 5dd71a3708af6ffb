import type { KenoInfo, KenoView } from '../../games/keno.ts'
import { addStyle } from '../dom.ts'
import type { Renderer, RoundAnswer } from '../renderer.ts'
import {
  button,
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

// Keno: the 8 × 10 grid of numbers (buttons; picked ones pressed), quick pick and clear, the
// paytable of the current pick count beside it, the 20 balls drawn one by one.

const CSS = `
.ig-keno .grid{display:grid;grid-template-columns:repeat(10,1fr);gap:4px;width:min(92vw,440px,calc((100cqh - 16px) * 1.2))}
.ig-keno .cell{aspect-ratio:1;border-radius:8px;border:1px solid rgba(255,255,255,.18);background:rgba(0,0,0,.35);color:#fff;
  font-weight:700;font-size:clamp(11px,3vw,15px);cursor:pointer;padding:0;font-variant-numeric:tabular-nums;transition:background .15s}
.ig-keno .cell[aria-pressed="true"]{background:rgba(255,255,255,.92);color:#0a2a3a}
.ig-keno .cell.drawn{background:rgba(255,255,255,.22);border-color:rgba(255,255,255,.6)}
.ig-keno .cell.hit{background:var(--accent);color:#111;box-shadow:var(--glow)}
.ig-keno .side{display:flex;flex-direction:column;gap:8px;min-width:150px}
.ig-keno .row{display:flex;gap:6px;flex-wrap:wrap;justify-content:center}
.ig-keno .balls{display:flex;flex-wrap:wrap;gap:3px;max-width:200px;min-height:24px}
.ig-keno .ball{width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:10px;
  font-weight:800;background:#fff;color:#123}
.ig-keno .ball.hit{background:var(--accent);color:#111}
@media (max-width:560px){.ig-keno .side{flex-direction:row;flex-wrap:wrap;justify-content:center;min-width:0}.ig-keno .balls{display:none}
  .ig-keno .panel{padding:2px 8px}.ig-keno .panel p{margin:0}.ig-keno .panel.pay{display:none}
  .ig-keno .grid{width:min(94vw,calc((100cqh - 40px) * 1.2))}}
`

export const kenoRenderer: Renderer<KenoInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'keno')
    const picks = new Set<number>()
    const cells = new Map<number, HTMLButtonElement>()
    const grid = el('div', { class: 'grid board', role: 'group', 'aria-label': t('kenoBoard') })
    for (let n = 1; n <= info.numbers; n++) {
      const cell = el('button', {
        type: 'button',
        class: 'cell',
        'aria-pressed': 'false',
        'aria-label': t('kenoNumber', { n }),
        text: String(n),
      })
      cell.addEventListener('click', () => toggle(n))
      cells.set(n, cell)
      grid.append(cell)
    }
    const count = el('p', { class: 'muted', 'aria-live': 'off' })
    const payBox = el('div', { class: 'panel pay' })
    const balls = el('div', { class: 'balls', 'aria-hidden': 'true' })
    const quick = button(t('kenoQuickPick'), 'studio-action-quick')
    const clear = button(t('kenoClear'), 'studio-action-clear')
    const play = playButton(context)
    node.append(
      grid,
      el('div', { class: 'side' }, payBox, el('div', { class: 'panel' }, count, balls)),
    )
    context.controls.replaceChildren(quick, clear, play)

    const lock = (busy: boolean) => {
      for (const b of [quick, clear, ...cells.values()]) b.disabled = busy
      play.disabled = busy || picks.size === 0
    }
    const cycle = createCycle(context, lock)

    function showPays(hits = -1) {
      const pays = info.pays[picks.size] ?? []
      const rows = pays
        .flatMap((pay, k) =>
          pay > 0 ? [[t('kenoHits', { hits: k }), times(pay)] as [string, string]] : [],
        )
        .reverse()
      const table = pairTable(rows)
      rows.forEach(([label], i) => {
        if (label === t('kenoHits', { hits })) table.rows[i]?.classList.add('on')
      })
      payBox.replaceChildren(
        el('h3', { text: t('kenoPaysFor', { count: picks.size }) }),
        picks.size
          ? table
          : el('p', { class: 'muted', text: t('kenoPickHint', { max: info.maxPicks }) }),
      )
      count.textContent = t('kenoPicked', { count: picks.size, max: info.maxPicks })
      play.disabled = cycle.busy || picks.size === 0
    }
    function clearDraw() {
      balls.replaceChildren()
      for (const cell of cells.values()) cell.classList.remove('drawn', 'hit')
    }
    function toggle(n: number) {
      if (cycle.busy) return
      clearDraw()
      if (picks.has(n)) picks.delete(n)
      else if (picks.size < info.maxPicks) picks.add(n)
      else return context.say(t('kenoPickCount'))
      cells.get(n)?.setAttribute('aria-pressed', String(picks.has(n)))
      context.sound('click')
      showPays()
    }
    function setPicks(numbers: number[]) {
      picks.clear()
      for (const n of numbers) picks.add(n)
      for (const [n, cell] of cells) cell.setAttribute('aria-pressed', String(picks.has(n)))
      clearDraw()
      showPays()
    }
    quick.addEventListener('click', () => {
      const size = picks.size || 5
      const pool = Array.from({ length: info.numbers }, (_, i) => i + 1)
      const chosen: number[] = []
      const random = new Uint32Array(size)
      crypto.getRandomValues(random)
      for (let i = 0; i < size; i++) chosen.push(...pool.splice((random[i] ?? 0) % pool.length, 1))
      setPicks(chosen)
      context.sound('click')
    })
    clear.addEventListener('click', () => setPicks([]))

    async function draw(answer: RoundAnswer<KenoView>) {
      clearDraw()
      const hits = new Set(answer.view.hits)
      for (const n of answer.view.drawn) {
        const cell = cells.get(n)
        cell?.classList.add(hits.has(n) ? 'hit' : 'drawn')
        balls.append(el('span', { class: hits.has(n) ? 'ball hit' : 'ball', text: String(n) }))
        if (!context.reducedMotion) {
          context.sound(hits.has(n) ? 'card' : 'click')
          await pause(90)
        }
      }
      showPays(answer.view.hits.length)
    }
    const result = (answer: RoundAnswer<KenoView>) =>
      sayResult(
        context,
        answer,
        t('kenoResult', { hits: answer.view.hits.length, picks: answer.view.picks.length }),
      )
    const start = () => {
      if (picks.size === 0) return context.say(t('kenoPickHint', { max: info.maxPicks }))
      void cycle.run<KenoView>({ picks: [...picks] }, draw, result)
    }
    play.addEventListener('click', start)
    node.addEventListener('keydown', (event) => {
      if (event.key === 'q' || event.key === 'Q') quick.click()
      if (event.key === 'c' || event.key === 'C') clear.click()
    })
    document.addEventListener('keydown', (event) => {
      if (event.target !== document.body) return
      if (event.key === 'q' || event.key === 'Q') quick.click()
      if (event.key === 'c' || event.key === 'C') clear.click()
    })
    showPays()
    return {
      primary: start,
      resume(answer) {
        // Keno rounds are done at the draw; an answer here is shown as it is.
        const view = (answer as RoundAnswer<KenoView>).view
        setPicks(view.picks)
        void draw(answer as RoundAnswer<KenoView>).then(() => context.settle(answer))
      },
      rules() {
        const rows: [string, string][] = []
        for (let size = 1; size <= info.maxPicks; size++) {
          const pays = info.pays[size] ?? []
          rows.push([
            t('kenoPaysFor', { count: size }),
            pays.flatMap((pay, k) => (pay > 0 ? [`${k}: ${times(pay)}`] : [])).join(' · '),
          ])
        }
        return rulesPanel(
          t('kenoRulesTitle'),
          [
            t('kenoRules', { drawn: info.drawn, numbers: info.numbers, max: info.maxPicks }),
            t('kenoKeys'),
          ],
          pairTable(rows),
        )
      },
    }
  },
}
