import type { VideoPokerView } from '../../games/video-poker.ts'
import type { VideoPokerInfo } from '../../titles/cards.ts'
import type { Renderer, RendererContext, RoundAnswer } from '../renderer.ts'
import {
  button,
  cardElement,
  cardName,
  dealTime,
  el,
  keyList,
  minCycle,
  onKeys,
  prepareStage,
  resultLine,
  rulesSection,
  wait,
} from './card-common.ts'

// Video poker: the paytable on the stage (the winning row lit, amounts for the stake shown),
// five cards that are buttons (click or 1–5 to hold), Deal, then Draw.

export const videoPokerRenderer: Renderer<VideoPokerInfo> = {
  mount(context: RendererContext<VideoPokerInfo>) {
    prepareStage(context)
    const table = el('table', 'cc-pay')
    const body = el('tbody')
    table.append(body)
    const row = el('div', 'cc-vp')
    const result = el('div', 'cc-result')
    result.setAttribute('aria-hidden', 'true')
    context.stage.append(table, row, result)

    let view: VideoPokerView | null = null
    let held = [false, false, false, false, false]
    let busy = false
    let startedAt = 0

    function paytable(lit: string | null) {
      body.replaceChildren()
      const stake = context.stake()
      for (const entry of context.info.rows) {
        const line = el('tr')
        if (entry.hand === lit) line.classList.add('cc-lit')
        line.append(
          el('td', '', context.t(`cards.hand.${entry.hand}`)),
          el('td', '', `${entry.pays}×`),
          el('td', '', context.money(stake * BigInt(entry.pays))),
        )
        body.append(line)
      }
    }

    function drawCards(next: VideoPokerView | null, fresh: boolean[]) {
      row.replaceChildren()
      const open = next !== null && !next.done
      for (let index = 0; index < 5; index++) {
        const code = next?.cards[index] ?? null
        const face = cardElement(context, code, fresh[index] ?? false, index * 90)
        const slot = el('button', 'cc-card')
        slot.type = 'button'
        slot.dataset.testid = `studio-hold-${index}`
        slot.innerHTML = face.innerHTML
        if (face.classList.contains('cc-in')) {
          slot.classList.add('cc-in')
          slot.style.animationDelay = face.style.animationDelay
        }
        slot.disabled = !open || busy
        slot.setAttribute('aria-pressed', String(held[index] ?? false))
        slot.setAttribute(
          'aria-label',
          `${cardName(context, code)}${held[index] ? `, ${context.t('cards.held')}` : ''}`,
        )
        slot.setAttribute('aria-keyshortcuts', String(index + 1))
        if (held[index]) {
          slot.classList.add('cc-hold')
          slot.append(el('span', 'cc-held', context.t('cards.held')))
        }
        slot.addEventListener('click', () => toggle(index))
        row.append(slot)
      }
    }

    function controls() {
      context.controls.replaceChildren()
      if (view && !view.done) {
        const drawButton = button(
          context.t('cards.draw'),
          'studio-action-draw',
          () => void drawRound(),
          context.t('cards.spaceKey'),
        )
        drawButton.classList.add('cc-main')
        drawButton.disabled = busy
        context.controls.append(drawButton)
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

    function toggle(index: number) {
      if (!view || view.done || busy) return
      held[index] = !held[index]
      context.sound('click')
      drawCards(view, [false, false, false, false, false])
      row.querySelector<HTMLElement>(`[data-testid="studio-hold-${index}"]`)?.focus()
    }

    async function finish(answer: RoundAnswer<VideoPokerView>) {
      const line = resultLine(context, answer)
      const hand = answer.view.hand ? context.t(`cards.hand.${answer.view.hand}`) : ''
      const text = hand ? `${hand}. ${line.text}` : line.text
      result.textContent = hand
      result.classList.toggle('cc-win', line.win)
      context.settle(answer)
      context.say(text, line.win ? 'win' : 'info')
      context.sound(
        line.win
          ? BigInt(answer.payout) >= BigInt(answer.staked) * 25n
            ? 'big-win'
            : 'win'
          : 'lose',
      )
      await minCycle(context, startedAt)
      context.setBusy(false)
    }

    async function deal() {
      if (busy) return
      busy = true
      controls()
      startedAt = performance.now()
      result.textContent = ''
      held = [false, false, false, false, false]
      context.setBusy(true)
      paytable(null)
      const answer = await context.start<VideoPokerView>({})
      if (!answer) {
        context.setBusy(false)
      } else {
        await present(answer, [true, true, true, true, true])
      }
      busy = false
      controls()
      drawCards(view, [false, false, false, false, false])
    }

    async function present(answer: RoundAnswer<VideoPokerView>, fresh: boolean[]) {
      view = answer.view
      held = [...answer.view.held]
      drawCards(answer.view, fresh)
      const count = fresh.filter(Boolean).length
      if (count) context.sound('card')
      await wait(dealTime(context, count))
      paytable(answer.view.hand)
      if (answer.done) await finish(answer)
      else if (answer.view.hand) context.say(context.t(`cards.hand.${answer.view.hand}`))
    }

    async function drawRound() {
      if (busy || !view || view.done) return
      busy = true
      controls()
      const hold = held.flatMap((isHeld, index) => (isHeld ? [index] : []))
      const keep = [...held]
      const answer = await context.act<VideoPokerView>({ hold })
      if (answer)
        await present(
          answer,
          keep.map((isHeld) => !isHeld),
        )
      busy = false
      controls()
      drawCards(view, [false, false, false, false, false])
    }

    onKeys((key) => {
      const index = ['1', '2', '3', '4', '5'].indexOf(key)
      if (index < 0 || !view || view.done || busy) return false
      toggle(index)
      return true
    })

    paytable(null)
    drawCards(null, [false, false, false, false, false])
    controls()

    return {
      primary() {
        if (view && !view.done) void drawRound()
        else void deal()
      },
      resume(answer: RoundAnswer) {
        startedAt = performance.now()
        context.setBusy(!answer.done)
        void present(answer as RoundAnswer<VideoPokerView>, [true, true, true, true, true]).then(
          () => {
            controls()
            drawCards(view, [false, false, false, false, false])
          },
        )
      },
      rules() {
        const root = el('div')
        const pays = el('table', 'cc-pay')
        for (const entry of context.info.rows) {
          const line = el('tr')
          line.append(
            el('td', '', context.t(`cards.hand.${entry.hand}`)),
            el('td', '', `${entry.pays}×`),
          )
          pays.append(line)
        }
        root.append(
          rulesSection(context.t('cards.rulesTitle'), [
            context.t('cards.rules.videoPoker'),
            context.t('cards.rules.videoPokerPays'),
          ]),
          pays,
          keyList(context, [
            ['1–5', context.t('cards.hold')],
            [
              context.t('cards.spaceKey'),
              `${context.t('cards.deal')} / ${context.t('cards.draw')}`,
            ],
          ]),
        )
        return root
      },
    }
  },
}
