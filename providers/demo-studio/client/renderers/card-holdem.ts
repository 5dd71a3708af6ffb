import type { HoldemMove, HoldemView } from '../../games/holdem.ts'
import type { HoldemInfo } from '../../titles/cards.ts'
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

// Casino Hold'em: Deal (the ante) shows the player's two cards and the flop, the dealer's two
// face down; Call (twice the ante) or Fold; then the turn, the river and the dealer's cards,
// with both hands named.

export const holdemRenderer: Renderer<HoldemInfo> = {
  mount(context: RendererContext<HoldemInfo>) {
    prepareStage(context)
    const make = (labelText: string) => {
      const row = el('div', 'cc-row')
      const label = el('div', 'cc-label', labelText)
      const cards = el('div', 'cc-cards cc-spread')
      row.append(label, cards)
      return { row, label, cards, shown: [] as (string | null)[] }
    }
    const dealer = make(context.t('cards.dealer'))
    const board = make(context.t('cards.board'))
    const player = make(context.t('cards.you'))
    context.stage.append(dealer.row, board.row, player.row)

    let view: HoldemView | null = null
    let busy = false
    let startedAt = 0
    /** The open round's ante (what it staked so far), for the call's amount. */
    let ante = 0n

    const setLabel = (part: ReturnType<typeof make>, text: string, hand: string | null) => {
      part.label.replaceChildren(document.createTextNode(text))
      if (hand) part.label.append(el('span', 'cc-total', context.t(`cards.hand.${hand}`)))
    }

    function draw(next: HoldemView | null): number {
      let fresh = 0
      for (const [part, cards] of [
        [dealer, next?.dealer ?? [null, null]],
        [board, next?.board ?? []],
        [player, next?.player ?? []],
      ] as const) {
        fresh += drawCards(context, part.cards, cards, part.shown)
        part.shown = [...cards]
      }
      setLabel(dealer, context.t('cards.dealer'), next?.dealerHand ?? null)
      setLabel(board, context.t('cards.board'), null)
      setLabel(player, context.t('cards.you'), next ? next.playerHand : null)
      view = next
      return fresh
    }

    function controls() {
      context.controls.replaceChildren()
      if (view && view.phase === 'decide') {
        const call = button(
          `${context.t('cards.move.call')} ${context.money(ante * 2n)}`,
          'studio-action-call',
          () => void act('call'),
          'C',
        )
        call.classList.add('cc-main')
        call.disabled = busy
        const fold = button(
          context.t('cards.move.fold'),
          'studio-action-fold',
          () => void act('fold'),
          'F',
        )
        fold.disabled = busy
        context.controls.append(call, fold)
        return
      }
      const dealButton = button(
        context.t('cards.dealAnte'),
        'studio-deal',
        () => void deal(),
        context.t('cards.spaceKey'),
      )
      dealButton.classList.add('cc-main')
      dealButton.disabled = busy
      context.controls.append(dealButton)
    }

    async function show(answer: RoundAnswer<HoldemView>) {
      if (!answer.done) ante = BigInt(answer.staked)
      const fresh = draw(answer.view)
      await wait(dealTime(context, fresh))
      if (!answer.done) {
        context.say(
          context.t('cards.holdemDecide', {
            hand: context.t(`cards.hand.${answer.view.playerHand}`),
          }),
        )
        return
      }
      const v = answer.view
      const parts: string[] = []
      if (v.result === 'fold') parts.push(context.t('cards.folded'))
      else {
        parts.push(
          context.t('cards.holdemHands', {
            player: context.t(`cards.hand.${v.playerHand}`),
            dealer: context.t(`cards.hand.${v.dealerHand ?? 'high-card'}`),
          }),
        )
        if (v.result === 'no-qualify') parts.push(context.t('cards.noQualify'))
      }
      const line = resultLine(context, answer)
      parts.push(line.text)
      const text = parts.join(' ')
      if (v.result === 'win') player.row.classList.add('cc-win-hand')
      context.settle(answer)
      context.say(text, line.win ? 'win' : 'info')
      context.sound(line.win ? 'win' : BigInt(answer.payout) > 0n ? 'stop' : 'lose')
      await minCycle(context, startedAt)
      context.setBusy(false)
    }

    async function deal() {
      if (busy) return
      busy = true
      controls()
      startedAt = performance.now()
      player.row.classList.remove('cc-win-hand')
      for (const part of [dealer, board, player]) part.shown = []
      context.setBusy(true)
      draw(null)
      const answer = await context.start<HoldemView>({})
      if (!answer) context.setBusy(false)
      else await show(answer)
      busy = false
      controls()
    }

    async function act(move: HoldemMove) {
      if (busy || !view || view.phase !== 'decide') return
      busy = true
      controls()
      context.sound('click')
      const answer = await context.act<HoldemView>(move)
      if (answer) await show(answer)
      busy = false
      controls()
    }

    onKeys((key) => {
      if (!view || view.phase !== 'decide' || busy) return false
      if (key === 'c') void act('call')
      else if (key === 'f') void act('fold')
      else return false
      return true
    })

    draw(null)
    controls()

    return {
      primary() {
        if (view && view.phase === 'decide') void act('call')
        else void deal()
      },
      resume(answer: RoundAnswer) {
        startedAt = performance.now()
        context.setBusy(!answer.done)
        void show(answer as RoundAnswer<HoldemView>).then(controls)
        controls()
      },
      rules() {
        const root = el('div')
        const pays = el('table', 'cc-pay')
        for (const entry of context.info.anteTable) {
          const line = el('tr')
          line.append(
            el('td', '', context.t(`cards.hand.${entry.hand}`)),
            el('td', '', `${entry.pays}:1`),
          )
          pays.append(line)
        }
        root.append(
          rulesSection(context.t('cards.rulesTitle'), [
            context.t('cards.rules.holdem'),
            context.t('cards.rules.holdemQualify'),
            context.t('cards.rules.holdemAnte'),
          ]),
          pays,
          keyList(context, [
            ['C', context.t('cards.move.call')],
            ['F', context.t('cards.move.fold')],
            [
              context.t('cards.spaceKey'),
              `${context.t('cards.deal')} / ${context.t('cards.move.call')}`,
            ],
          ]),
        )
        return root
      },
    }
  },
}
