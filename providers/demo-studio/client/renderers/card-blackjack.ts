import type { BlackjackMove, BlackjackView } from '../../games/blackjack.ts'
import type { BlackjackInfo } from '../../titles/cards.ts'
import type { Renderer, RendererContext, RoundAnswer } from '../renderer.ts'
import {
  button,
  dealTime,
  drawCards,
  el,
  keyList,
  minCycle,
  onKeys,
  prepareStage,
  resultLine,
  rulesSection,
  wait,
} from './card-common.ts'

// Blackjack: the dealer's hand above, the player's hand (two side by side after a split, the
// active one lit) below; Deal, then only the moves the server allows now.

const MOVE_KEYS: Record<BlackjackMove, string> = {
  hit: 'H',
  stand: 'S',
  double: 'D',
  split: 'P',
  insurance: 'I',
  'no-insurance': 'N',
}

export const blackjackRenderer: Renderer<BlackjackInfo> = {
  mount(context: RendererContext<BlackjackInfo>) {
    prepareStage(context)
    const dealerRow = el('div', 'cc-row')
    const dealerLabel = el('div', 'cc-label')
    const dealerCards = el('div', 'cc-cards')
    dealerRow.append(dealerLabel, dealerCards)
    const hands = el('div', 'cc-hands')
    const result = el('div', 'cc-result')
    result.setAttribute('aria-hidden', 'true')
    const playerRow = el('div', 'cc-row')
    playerRow.append(hands)
    context.stage.append(dealerRow, result, playerRow)

    let view: BlackjackView | null = null
    let shownDealer: (string | null)[] = []
    let shownHands: string[][] = []
    let busy = false
    let startedAt = 0

    const label = (node: HTMLElement, text: string, total: number | null) => {
      node.replaceChildren(document.createTextNode(text))
      if (total !== null && total > 0) node.append(el('span', 'cc-total', String(total)))
    }

    function draw(next: BlackjackView | null): number {
      let fresh = 0
      label(dealerLabel, context.t('cards.dealer'), next ? next.dealerTotal : null)
      fresh += drawCards(context, dealerCards, next?.dealer ?? [], shownDealer)
      shownDealer = next?.dealer ?? []
      hands.replaceChildren()
      const nextHands = next?.hands ?? []
      nextHands.forEach((hand, index) => {
        const box = el('div', 'cc-hand')
        if (next && next.phase === 'play' && nextHands.length > 1 && index === next.active)
          box.classList.add('cc-active')
        if (hand.result === 'win' || hand.result === 'blackjack') box.classList.add('cc-win-hand')
        const handLabel = el('div', 'cc-label')
        const title =
          nextHands.length > 1
            ? context.t('cards.handNumber', { n: index + 1 })
            : context.t('cards.you')
        label(handLabel, title, hand.total)
        if (hand.result) handLabel.append(el('span', '', context.t(`cards.outcome.${hand.result}`)))
        const cards = el('div', 'cc-cards')
        fresh += drawCards(context, cards, hand.cards, shownHands[index] ?? [])
        const summary = [
          title,
          `${hand.total}`,
          hand.result ? context.t(`cards.outcome.${hand.result}`) : '',
        ]
        box.setAttribute('aria-label', summary.filter(Boolean).join(', '))
        box.append(handLabel, cards)
        hands.append(box)
      })
      if (nextHands.length === 0) {
        const empty = el('div', 'cc-label', context.t('cards.you'))
        hands.append(empty)
      }
      shownHands = nextHands.map((hand) => hand.cards)
      view = next
      return fresh
    }

    function controls() {
      context.controls.replaceChildren()
      if (busy) return
      if (view && !isOver(view)) {
        for (const move of view.moves) {
          const key = MOVE_KEYS[move]
          context.controls.append(
            button(
              context.t(`cards.move.${move}`),
              `studio-action-${move}`,
              () => void act(move),
              key,
            ),
          )
        }
        return
      }
      const dealButton = button(
        context.t('cards.deal'),
        'studio-deal',
        () => void deal(),
        context.t('cards.spaceKey'),
      )
      dealButton.classList.add('cc-main')
      context.controls.append(dealButton)
    }

    const isOver = (next: BlackjackView) => next.phase === 'done'

    async function show(answer: RoundAnswer<BlackjackView>) {
      const fresh = draw(answer.view)
      await wait(dealTime(context, fresh))
      if (answer.done) {
        const line = resultLine(context, answer)
        result.classList.toggle('cc-win', line.win)
        context.settle(answer)
        context.say(line.text, line.win ? 'win' : 'info')
        context.sound(line.win ? 'win' : BigInt(answer.payout) > 0n ? 'stop' : 'lose')
        await minCycle(context, startedAt)
        context.setBusy(false)
      } else if (answer.view.phase === 'insurance') {
        context.say(context.t('cards.insuranceOffer'))
      } else {
        const hand = answer.view.hands[answer.view.active]
        if (hand) context.say(context.t('cards.yourTotal', { total: hand.total }))
      }
    }

    async function deal() {
      if (busy) return
      busy = true
      controls()
      context.sound('click')
      startedAt = performance.now()
      result.textContent = ''
      context.setBusy(true)
      shownDealer = []
      shownHands = []
      draw(null)
      const answer = await context.start<BlackjackView>({})
      if (!answer) {
        context.setBusy(false)
      } else {
        await show(answer)
      }
      busy = false
      controls()
    }

    async function act(move: BlackjackMove) {
      if (busy || !view || !view.moves.includes(move)) return
      busy = true
      controls()
      context.sound('click')
      const answer = await context.act<BlackjackView>(move)
      if (answer) await show(answer)
      busy = false
      controls()
    }

    onKeys((key) => {
      if (!view || isOver(view) || busy) return false
      const move = (Object.keys(MOVE_KEYS) as BlackjackMove[]).find(
        (name) => MOVE_KEYS[name].toLowerCase() === key,
      )
      if (!move || !view.moves.includes(move)) return false
      void act(move)
      return true
    })

    draw(null)
    controls()

    return {
      primary() {
        if (busy) return
        if (view && !isOver(view)) {
          if (view.moves.includes('stand')) void act('stand')
          else if (view.moves.includes('no-insurance')) void act('no-insurance')
          return
        }
        void deal()
      },
      resume(answer: RoundAnswer) {
        const resumed = answer as RoundAnswer<BlackjackView>
        startedAt = performance.now()
        context.setBusy(!resumed.done)
        shownDealer = []
        shownHands = []
        void show(resumed).then(controls)
        controls()
      },
      rules() {
        const info = context.info
        const root = el('div')
        root.append(
          rulesSection(context.t('cards.rulesTitle'), [
            context.t('cards.rules.blackjack', { decks: info.decks }),
            context.t(info.hitsSoft17 ? 'cards.rules.h17' : 'cards.rules.s17'),
            context.t('cards.rules.blackjackMoves'),
            context.t('cards.rules.insurance'),
          ]),
          keyList(context, [
            ['H', context.t('cards.move.hit')],
            ['S', context.t('cards.move.stand')],
            ['D', context.t('cards.move.double')],
            ['P', context.t('cards.move.split')],
            ['I', context.t('cards.move.insurance')],
            ['N', context.t('cards.move.no-insurance')],
            [
              context.t('cards.spaceKey'),
              `${context.t('cards.deal')} / ${context.t('cards.move.stand')}`,
            ],
          ]),
        )
        return root
      },
    }
  },
}
