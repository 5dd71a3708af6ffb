import type { ChipBet } from '../../games/roulette.ts'
import type { SicboInfo, SicboView } from '../../games/sicbo.ts'
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
  instantStyle,
} from './instant-kit.ts'

// Sic bo: three dice in a shaker, the bet layout (small, big, the totals, any triple, the
// specific triples and doubles, the single numbers); a click places a chip of the stake.

const CSS = `
.ig-sicbo{flex-direction:column;gap:8px}
.ig-sicbo .dice{display:flex;gap:10px;justify-content:center}
.ig-sicbo .die{width:min(13cqh,60px);aspect-ratio:1;border-radius:12px;background:#fffdf7;box-shadow:inset 0 -4px 0 rgba(0,0,0,.15),0 6px 14px rgba(0,0,0,.4);
  display:grid;grid-template:repeat(3,1fr)/repeat(3,1fr);padding:8%}
.ig-sicbo .die i{border-radius:50%;margin:14%;background:transparent}
.ig-sicbo .die i.on{background:#b71c1c}
.ig-sicbo .die.roll{animation:sb-roll .35s linear infinite}
@keyframes sb-roll{0%{transform:rotate(0)}50%{transform:rotate(18deg) translateY(-6px)}100%{transform:rotate(0)}}
.ig-sicbo .layout{display:grid;grid-template-columns:repeat(14,minmax(0,1fr));gap:2px;width:min(96vw,720px);grid-auto-rows:minmax(28px,6.5cqh);
  background:rgba(0,0,0,.25);padding:4px;border-radius:10px;border:2px solid rgba(255,255,255,.45)}
.ig-sicbo .spot{position:relative;border:1px solid rgba(255,255,255,.4);border-radius:5px;background:rgba(0,0,0,.25);color:#fff;font-weight:800;
  font-size:clamp(9px,2.4vw,13px);padding:0 2px;cursor:pointer;min-width:0;line-height:1.05}
.ig-sicbo .spot small{display:block;font-size:.75em;opacity:.8;font-weight:600}
.ig-sicbo .spot.won{box-shadow:var(--glow);z-index:1}
.ig-sicbo .spot .chip{position:absolute;inset-inline-end:-4px;top:-6px}
`

const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
}
const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅']

export const sicboRenderer: Renderer<SicboInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'sicbo')
    const dice = [1, 2, 3].map(() => el('div', { class: 'die', role: 'img' }))
    const face = (die: HTMLElement, n: number) => {
      die.replaceChildren(
        ...Array.from({ length: 9 }, (_, i) =>
          el('i', { class: PIPS[n]?.includes(i) ? 'on' : '' }),
        ),
      )
      die.setAttribute('aria-label', t('sicboDie', { n }))
    }
    dice.forEach((d, i) => face(d, [1, 3, 5][i] ?? 1))
    const layout = el('div', {
      class: 'layout board',
      role: 'group',
      'aria-label': t('sicboLayout'),
    })
    const spots = new Map<string, HTMLButtonElement>()
    const chips = createChips(info.maxChips, () => drawChips())
    const spot = (
      bet: Omit<ChipBet, 'amount'>,
      text: string,
      pay: string,
      aria: string,
      column: string,
      row: string,
    ) => {
      const key = JSON.stringify(bet)
      const b = el(
        'button',
        { type: 'button', class: 'spot', 'aria-label': `${aria}, ${pay}` },
        text,
        el('small', { text: pay }),
      )
      b.style.gridColumn = column
      b.style.gridRow = row
      b.addEventListener('click', () => {
        if (cycle.busy) return
        for (const s of spots.values()) s.classList.remove('won')
        if (!chips.add(key)) return context.say(t('instantTooManyChips'))
        context.sound('click')
      })
      spots.set(key, b)
      layout.append(b)
    }
    spot({ kind: 'small' }, t('sicboSmall'), '1:1', t('sicboSmallLong'), '1 / span 3', '1 / span 2')
    for (let d = 1; d <= 6; d++)
      spot(
        { kind: 'double', value: d },
        `${FACES[d - 1] ?? ''}${FACES[d - 1] ?? ''}`,
        `${info.double}:1`,
        t('sicboDouble', { n: d }),
        String(d + 3),
        '1',
      )
    spot(
      { kind: 'anyTriple' },
      t('sicboAnyTriple'),
      `${info.anyTriple}:1`,
      t('sicboAnyTriple'),
      '10 / span 2',
      '1 / span 2',
    )
    spot({ kind: 'big' }, t('sicboBig'), '1:1', t('sicboBigLong'), '12 / span 3', '1 / span 2')
    for (let d = 1; d <= 6; d++)
      spot(
        { kind: 'triple', value: d },
        `${FACES[d - 1] ?? ''}×3`,
        `${info.triple}:1`,
        t('sicboTriple', { n: d }),
        String(d + 3),
        '2',
      )
    for (let total = 4; total <= 17; total++)
      spot(
        { kind: 'total', value: total },
        String(total),
        `${info.totals[total] ?? 0}:1`,
        t('sicboTotal', { n: total }),
        String(total - 3),
        '3',
      )
    for (let d = 1; d <= 6; d++)
      spot(
        { kind: 'single', value: d },
        FACES[d - 1] ?? '',
        '1–3:1',
        t('sicboSingle', { n: d }),
        `${(d - 1) * 2 + 2} / span 2`,
        '4',
      )
    const total = el('p', { class: 'muted' })
    node.append(el('div', { class: 'dice board', 'aria-live': 'off' }, ...dice), layout, total)
    const undo = button(t('instantUndo'), 'studio-action-undo')
    const clear = button(t('instantClear'), 'studio-action-clear')
    const play = playButton(context, t('sicboRoll'))
    context.controls.replaceChildren(undo, clear, play)

    function drawChips() {
      for (const [key, b] of spots) {
        b.querySelector('.chip')?.remove()
        const n = chips.chips.get(key)
        if (n) b.append(el('span', { class: 'chip', text: String(n) }))
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
    async function draw(answer: RoundAnswer<SicboView>) {
      if (!context.reducedMotion) {
        for (const d of dice) d.classList.add('roll')
        for (let i = 0; i < 8; i++) {
          dice.forEach((d) => face(d, 1 + Math.floor(Math.random() * 6)))
          await pause(110)
        }
        for (const d of dice) d.classList.remove('roll')
      }
      answer.view.dice.forEach((n, i) => dice[i] && face(dice[i], n))
      context.sound('stop')
      for (const bet of answer.view.bets) {
        if (bet.win === '0') continue
        spots
          .get(
            JSON.stringify({
              kind: bet.kind,
              ...(bet.value !== undefined && { value: bet.value }),
            }),
          )
          ?.classList.add('won')
      }
    }
    const result = (answer: RoundAnswer<SicboView>) => {
      const [a, b, c] = answer.view.dice
      sayResult(context, answer, t('sicboRolled', { dice: `${a} · ${b} · ${c}`, total: a + b + c }))
    }
    const start = () => {
      if (chips.total() === 0) return context.say(t('instantPlaceBets'))
      const bets = [...chips.chips].map(([key, amount]) => ({
        ...(JSON.parse(key) as ChipBet),
        amount,
      }))
      void cycle.run<SicboView>({ bets }, draw, result)
    }
    play.addEventListener('click', start)
    undo.addEventListener('click', () => chips.undo())
    clear.addEventListener('click', () => chips.clear())
    document.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
        return
      if (event.key === 'u' || event.key === 'U') undo.click()
      if (event.key === 'c' || event.key === 'C') clear.click()
    })
    drawChips()
    return {
      primary: start,
      resume(answer) {
        void draw(answer as RoundAnswer<SicboView>).then(() => context.settle(answer))
      },
      rules: () =>
        rulesPanel(
          t('sicboRulesTitle'),
          [t('sicboRules', { max: info.maxChips }), t('rouletteKeys')],
          pairTable([
            [t('sicboSmallLong'), '1:1 · 97.22 %'],
            [t('sicboBigLong'), '1:1 · 97.22 %'],
            [t('sicboSingle', { n: 'N' }), '1:1 / 2:1 / 3:1 · 92.13 %'],
            [t('sicboDouble', { n: 'N' }), `${info.double}:1 · 81.48 %`],
            [t('sicboTriple', { n: 'N' }), `${info.triple}:1 · 83.80 %`],
            [t('sicboAnyTriple'), `${info.anyTriple}:1 · 86.11 %`],
            [
              t('sicboTotals'),
              Object.entries(info.totals)
                .filter(([n]) => Number(n) <= 10)
                .map(([n, p]) => `${n}/${21 - Number(n)} ${p}:1`)
                .join(' · '),
            ],
            [t('sicboTotalsRtp'), '81.02–90.28 %'],
          ]),
        ),
    }
  },
}
