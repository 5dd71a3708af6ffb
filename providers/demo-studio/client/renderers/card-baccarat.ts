import type { BaccaratBet, BaccaratView } from '../../games/baccarat.ts'
import type { BaccaratInfo } from '../../titles/cards.ts'
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

// Baccarat: choose Player, Banker or Tie, then Deal; the server applies the tableau and the coup
// is drawn card by card in the order dealt (player, banker, player, banker, thirds).

const BET_KEYS: Record<BaccaratBet, string> = { player: 'P', banker: 'B', tie: 'T' }

export const baccaratRenderer: Renderer<BaccaratInfo> = {
  mount(context: RendererContext<BaccaratInfo>) {
    prepareStage(context)
    let bet: BaccaratBet = 'banker'
    let busy = false
    const sides = el('div', 'cc-hands')
    const result = el('div', 'cc-result')
    result.setAttribute('aria-hidden', 'true')
    const makeSide = (name: 'player' | 'banker') => {
      const box = el('div', 'cc-hand')
      const label = el('div', 'cc-label', context.t(`cards.bet.${name}`))
      const cards = el('div', 'cc-cards cc-spread')
      box.append(label, cards)
      return { box, label, cards }
    }
    const player = makeSide('player')
    const banker = makeSide('banker')
    sides.append(player.box, banker.box)
    context.stage.append(sides, result)

    const setLabel = (
      side: ReturnType<typeof makeSide>,
      name: 'player' | 'banker',
      total: number | null,
    ) => {
      side.label.replaceChildren(document.createTextNode(context.t(`cards.bet.${name}`)))
      if (total !== null) side.label.append(el('span', 'cc-total', String(total)))
    }

    const points = (code: string) => {
      const rank = code[0] ?? ''
      if (rank === 'A') return 1
      if ('TJQK'.includes(rank)) return 0
      return Number(rank)
    }
    const totalOf = (cards: string[]) => cards.reduce((sum, code) => sum + points(code), 0) % 10

    function controls() {
      context.controls.replaceChildren()
      const bets = el('div', 'cc-controls')
      bets.setAttribute('role', 'group')
      bets.setAttribute('aria-label', context.t('cards.chooseBet'))
      for (const name of ['player', 'banker', 'tie'] as const) {
        const choice = button(
          context.t(`cards.bet.${name}`),
          `studio-action-${name}`,
          () => choose(name),
          BET_KEYS[name],
        )
        choice.setAttribute('aria-pressed', String(bet === name))
        choice.disabled = busy
        bets.append(choice)
      }
      const dealButton = button(
        context.t('cards.deal'),
        'studio-deal',
        () => void deal(),
        context.t('cards.spaceKey'),
      )
      dealButton.classList.add('cc-main')
      dealButton.disabled = busy
      context.controls.append(bets, dealButton)
    }

    function choose(name: BaccaratBet) {
      if (busy) return
      bet = name
      context.sound('click')
      controls()
    }

    async function show(answer: RoundAnswer<BaccaratView>, startedAt: number) {
      const view = answer.view
      // Dealt order: player, banker, player, banker, then the player's third and the banker's.
      const order: ['player' | 'banker', number][] = [
        ['player', 0],
        ['banker', 0],
        ['player', 1],
        ['banker', 1],
      ]
      if (view.player.length > 2) order.push(['player', 2])
      if (view.banker.length > 2) order.push(['banker', 2])
      const shown = { player: [] as string[], banker: [] as string[] }
      player.cards.replaceChildren()
      banker.cards.replaceChildren()
      player.box.classList.remove('cc-win-hand')
      banker.box.classList.remove('cc-win-hand')
      for (const [name, index] of order) {
        const code = view[name][index]
        if (!code) continue
        shown[name].push(code)
        const side = name === 'player' ? player : banker
        side.cards.append(cardElement(context, code, true))
        context.sound('card')
        if (index >= 1) setLabel(side, name, totalOf(shown[name]))
        await wait(context.reducedMotion ? 60 : 420)
      }
      setLabel(player, 'player', view.playerTotal)
      setLabel(banker, 'banker', view.bankerTotal)
      if (view.winner !== 'tie')
        (view.winner === 'player' ? player : banker).box.classList.add('cc-win-hand')
      const coup = context.t(`cards.coup.${view.winner}`, {
        player: view.playerTotal,
        banker: view.bankerTotal,
      })
      const line = resultLine(context, answer)
      result.textContent = coup
      result.classList.toggle('cc-win', line.win)
      context.settle(answer)
      context.say(`${coup} ${line.text}`, line.win ? 'win' : 'info')
      context.sound(line.win ? 'win' : BigInt(answer.payout) > 0n ? 'stop' : 'lose')
      await minCycle(context, startedAt)
    }

    async function deal() {
      if (busy) return
      busy = true
      controls()
      result.textContent = ''
      const startedAt = performance.now()
      context.setBusy(true)
      const answer = await context.start<BaccaratView>({ bet })
      if (answer) await show(answer, startedAt)
      context.setBusy(false)
      busy = false
      controls()
    }

    onKeys((key) => {
      const name = (Object.keys(BET_KEYS) as BaccaratBet[]).find(
        (entry) => BET_KEYS[entry].toLowerCase() === key,
      )
      if (!name || busy) return false
      choose(name)
      return true
    })

    setLabel(player, 'player', null)
    setLabel(banker, 'banker', null)
    controls()

    return {
      primary() {
        void deal()
      },
      resume(answer: RoundAnswer) {
        // A coup is one step: a round left open is only shown again.
        void show(answer as RoundAnswer<BaccaratView>, performance.now())
      },
      rules() {
        const root = el('div')
        root.append(
          rulesSection(context.t('cards.rulesTitle'), [
            context.t('cards.rules.baccarat', { decks: context.info.decks }),
            context.t('cards.rules.tableau'),
            context.t(
              context.info.noCommission ? 'cards.rules.noCommission' : 'cards.rules.commission',
            ),
            context.t('cards.rules.tie'),
          ]),
          keyList(context, [
            ['P', context.t('cards.bet.player')],
            ['B', context.t('cards.bet.banker')],
            ['T', context.t('cards.bet.tie')],
            [context.t('cards.spaceKey'), context.t('cards.deal')],
          ]),
        )
        return root
      },
    }
  },
}
