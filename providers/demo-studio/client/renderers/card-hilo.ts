import type { HiloMove, HiloView } from '../../games/hilo.ts'
import type { HiloInfo } from '../../titles/cards.ts'
import type { Renderer, RendererContext, RoundAnswer } from '../renderer.ts'
import {
  button,
  cardElement,
  el,
  keyList,
  minCycle,
  onKeys,
  prepareStage,
  resultLine,
  rulesSection,
  wait,
} from './card-common.ts'

// Hi-lo: one big card, Higher and Lower with their multipliers, Cash out with the running win,
// and the strip of the cards before.

const multiplier = (hundredths: number) => `×${(hundredths / 100).toFixed(2)}`

export const hiloRenderer: Renderer<HiloInfo> = {
  mount(context: RendererContext<HiloInfo>) {
    prepareStage(context)
    const history = el('div', 'cc-history')
    history.setAttribute('aria-label', context.t('cards.history'))
    const big = el('div', 'cc-row cc-big')
    const running = el('div', 'cc-label')
    const result = el('div', 'cc-result')
    result.setAttribute('aria-hidden', 'true')
    context.stage.append(history, big, running, result)

    let view: HiloView | null = null
    let busy = false
    let startedAt = 0
    let shownCard = ''

    function draw(next: HiloView | null) {
      history.replaceChildren(...(next?.history ?? []).map((code) => cardElement(context, code)))
      const code = next?.card ?? null
      if (code !== shownCard || !next) {
        big.replaceChildren(cardElement(context, code, code !== null))
        if (code) context.sound('card')
      }
      shownCard = code ?? ''
      running.replaceChildren()
      if (next && next.guesses > 0 && !next.done) {
        running.append(
          document.createTextNode(context.t('cards.running')),
          el('span', 'cc-total', context.money(BigInt(next.running))),
        )
      }
      view = next
    }

    const open = () => view !== null && !view.done

    function controls() {
      context.controls.replaceChildren()
      if (view && open()) {
        const higher = button(
          `${context.t('cards.move.higher')} ${multiplier(view.higher)}`,
          'studio-action-higher',
          () => void act('higher'),
          'H',
        )
        const lower = button(
          `${context.t('cards.move.lower')} ${multiplier(view.lower)}`,
          'studio-action-lower',
          () => void act('lower'),
          'L',
        )
        const cashout = button(
          view.guesses > 0
            ? `${context.t('cards.move.cashout')} ${context.money(BigInt(view.running))}`
            : context.t('cards.move.cashout'),
          'studio-action-cashout',
          () => void act('cashout'),
          'C',
        )
        cashout.disabled = busy || view.guesses === 0
        higher.disabled = busy
        lower.disabled = busy
        if (view.guesses > 0) cashout.classList.add('cc-main')
        context.controls.append(higher, lower, cashout)
        return
      }
      const dealButton = button(
        context.t('cards.deal'),
        'studio-deal',
        () => void deal(),
        context.t('cards.spaceKey'),
      )
      dealButton.classList.add('cc-main')
      dealButton.disabled = busy
      context.controls.append(dealButton)
    }

    async function show(answer: RoundAnswer<HiloView>) {
      draw(answer.view)
      await wait(context.reducedMotion ? 0 : 300)
      const v = answer.view
      if (!answer.done) {
        const name =
          v.guesses > 0
            ? context.t('cards.hiloRight', { amount: context.money(BigInt(v.running)) })
            : ''
        context.say(
          `${v.card ? context.t('cards.showing', { card: cardNameOf(v.card) }) : ''} ${name}`.trim(),
        )
        return
      }
      const line = resultLine(context, answer)
      const text = v.capped ? `${context.t('cards.capped')} ${line.text}` : line.text
      result.textContent = v.capped ? context.t('cards.capped') : ''
      result.classList.toggle('cc-win', line.win)
      context.settle(answer)
      context.say(
        `${context.t('cards.showing', { card: cardNameOf(v.card) })} ${text}`,
        line.win ? 'win' : 'info',
      )
      context.sound(line.win ? 'win' : 'lose')
      await minCycle(context, startedAt)
      context.setBusy(false)
    }

    const cardNameOf = (code: string) =>
      big.querySelector('.cc-card')?.getAttribute('aria-label') ?? code

    async function deal() {
      if (busy) return
      busy = true
      controls()
      startedAt = performance.now()
      result.textContent = ''
      context.setBusy(true)
      const answer = await context.start<HiloView>({})
      if (!answer) context.setBusy(false)
      else await show(answer)
      busy = false
      controls()
    }

    async function act(move: HiloMove) {
      if (busy || !open()) return
      busy = true
      controls()
      context.sound('click')
      const answer = await context.act<HiloView>(move)
      if (answer) await show(answer)
      busy = false
      controls()
    }

    onKeys((key) => {
      if (!open() || busy) return false
      const move: HiloMove | null =
        key === 'h' ? 'higher' : key === 'l' ? 'lower' : key === 'c' ? 'cashout' : null
      if (!move || (move === 'cashout' && view?.guesses === 0)) return false
      void act(move)
      return true
    })

    draw(null)
    controls()

    return {
      primary() {
        if (!open()) void deal()
        else if (view && view.guesses > 0) void act('cashout')
      },
      resume(answer: RoundAnswer) {
        startedAt = performance.now()
        context.setBusy(!answer.done)
        void show(answer as RoundAnswer<HiloView>).then(controls)
        controls()
      },
      rules() {
        const root = el('div')
        const table = el('table', 'cc-pay')
        context.info.multipliers.forEach((hundredths, count) => {
          if (count === 0) return
          const line = el('tr')
          line.append(
            el('td', '', context.t('cards.hiloChance', { count })),
            el('td', '', multiplier(hundredths)),
          )
          table.append(line)
        })
        root.append(
          rulesSection(context.t('cards.rulesTitle'), [
            context.t('cards.rules.hilo'),
            context.t('cards.rules.hiloPays', { max: context.info.maxWinX }),
          ]),
          table,
          keyList(context, [
            ['H', context.t('cards.move.higher')],
            ['L', context.t('cards.move.lower')],
            ['C', context.t('cards.move.cashout')],
            [
              context.t('cards.spaceKey'),
              `${context.t('cards.deal')} / ${context.t('cards.move.cashout')}`,
            ],
          ]),
        )
        return root
      },
    }
  },
}
