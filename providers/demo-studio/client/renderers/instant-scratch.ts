import type { ScratchInfo, ScratchView } from '../../games/scratch.ts'
import { addStyle } from '../dom.ts'
import type { Renderer, RoundAnswer } from '../renderer.ts'
import {
  button,
  el,
  pairTable,
  playButton,
  root,
  rulesPanel,
  sayResult,
  times,
  instantStyle,
} from './instant-kit.ts'

// Scratch card: a new card is bought with Play (the whole card is drawn then); the player
// scratches its nine panels one by one (click or keys 1–9) or reveals them all; the result is
// settled when the last panel shows.

const CSS = `
.ig-scratch .ticket{background:linear-gradient(160deg,#fff6e0,#ffd59a);border-radius:18px;padding:12px;box-shadow:0 10px 30px rgba(0,0,0,.45);
  width:min(88vw,330px,calc(100cqh - 40px));color:#3a1a2e}
.ig-scratch .ticket h3{margin:0 0 8px;text-align:center;font-size:14px;letter-spacing:.12em;text-transform:uppercase}
.ig-scratch .panels{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.ig-scratch .pnl{aspect-ratio:1;border-radius:12px;border:0;font-weight:900;font-size:clamp(16px,5.5vw,26px);cursor:pointer;padding:0;
  background:repeating-linear-gradient(45deg,#b9b9c6 0 6px,#cfcfdb 6px 12px);color:#555;transition:transform .15s}
.ig-scratch .pnl.open{background:#fff;color:#c2185b;cursor:default}
.ig-scratch .pnl.win{background:var(--accent);color:#111;box-shadow:var(--glow);transform:scale(1.04)}
.ig-scratch .side{min-width:150px}
@media (max-width:560px){.ig-scratch .side{display:none}.ig-scratch .ticket{width:min(88vw,calc(100cqh - 64px))}}
`

export const scratchRenderer: Renderer<ScratchInfo> = {
  mount(context) {
    instantStyle()
    addStyle(CSS)
    const { info } = context
    const t = (key: string, values?: Record<string, string | number>) => context.t(key, values)
    const node = root(context, 'scratch')
    const panels: HTMLButtonElement[] = []
    const grid = el('div', { class: 'panels board' })
    for (let i = 0; i < 9; i++) {
      const panel = el('button', {
        type: 'button',
        class: 'pnl',
        'data-testid': `studio-action-scratch-${i + 1}`,
        'aria-label': t('scratchPanel', { n: i + 1 }),
        text: '?',
        disabled: true,
      })
      panel.addEventListener('click', () => scratch(i))
      panels.push(panel)
      grid.append(panel)
    }
    const pays = pairTable(
      info.prizes.map((p) => [
        t('scratchThree', { prize: times(p.multiplier) }),
        times(p.multiplier),
      ]),
    )
    node.append(
      el('div', { class: 'ticket' }, el('h3', { text: t('scratchMatch') }), grid),
      el('div', { class: 'panel side' }, el('h3', { text: t('paytable') }), pays),
    )
    const play = playButton(context, t('scratchBuy'))
    const reveal = button(t('scratchRevealAll'), 'studio-action-reveal', { disabled: '' })
    context.controls.replaceChildren(reveal, play)

    let card: RoundAnswer<ScratchView> | null = null
    let opened = new Set<number>()
    let began = 0
    const label = (index: number) => times(info.prizes[index]?.multiplier ?? 0)

    function scratch(i: number) {
      if (!card || opened.has(i)) return
      opened.add(i)
      const panel = panels[i]
      const symbol = card.view.panels[i] ?? 0
      if (panel) {
        panel.classList.add('open')
        panel.textContent = label(symbol)
        panel.setAttribute('aria-label', t('scratchShows', { n: i + 1, prize: label(symbol) }))
      }
      context.sound('click')
      if (opened.size === 9) void finish()
    }
    async function finish() {
      const answer = card
      if (!answer) return
      card = null
      reveal.disabled = true
      const prize = answer.view.prize
      if (prize !== null)
        answer.view.panels.forEach((s, i) => s === prize && panels[i]?.classList.add('win'))
      context.settle(answer)
      sayResult(
        context,
        answer,
        prize === null ? t('scratchNoMatch') : t('scratchThree', { prize: label(prize) }),
      )
      context.sound(prize === null ? 'lose' : 'win')
      const left = context.minCycleMs - (performance.now() - began)
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
      play.disabled = false
    }
    function show(answer: RoundAnswer<ScratchView>) {
      card = answer
      opened = new Set()
      for (const panel of panels) {
        panel.className = 'pnl'
        panel.textContent = '?'
        panel.disabled = false
        panel.setAttribute('aria-label', t('scratchPanel', { n: panels.indexOf(panel) + 1 }))
      }
      reveal.disabled = false
      context.say(t('scratchHint'))
      panels[0]?.focus()
    }
    async function buy() {
      if (card) {
        revealAll()
        return
      }
      if (play.disabled) return
      play.disabled = true
      began = performance.now()
      context.sound('spin')
      const answer = await context.start<ScratchView>({})
      if (!answer) {
        play.disabled = false
        return
      }
      show(answer)
    }
    function revealAll() {
      for (let i = 0; i < 9; i++) scratch(i)
    }
    play.addEventListener('click', () => void buy())
    reveal.addEventListener('click', revealAll)
    document.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement) return
      const n = Number(event.key)
      if (n >= 1 && n <= 9) scratch(n - 1)
      if (event.key === 'r' || event.key === 'R') revealAll()
    })
    return {
      primary: () => void buy(),
      resume(answer) {
        show(answer as RoundAnswer<ScratchView>)
      },
      rules: () =>
        rulesPanel(
          t('scratchRulesTitle'),
          [t('scratchRules'), t('scratchKeys')],
          pairTable(
            info.prizes.map((p) => [
              times(p.multiplier),
              `1 : ${new Intl.NumberFormat().format(Math.round(info.totalWeight / p.weight))}`,
            ]),
          ),
        ),
    }
  },
}
