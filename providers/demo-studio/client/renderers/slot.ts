import type { SlotInfo, SlotSpin, SlotView, SlotWin, SymbolGrid } from '../../games/slot-view.ts'
import { drawSymbol, symbolName } from '../art/symbols.ts'
import type { Renderer, RendererContext, RendererHandle, RoundAnswer } from '../renderer.ts'
import {
  BIG_WIN_X,
  boardSize,
  cascadeFalls,
  countUp,
  featureProgress,
  jackpotOf,
  linePoints,
  payAt,
  payingCounts,
  reelStops,
  waysOf,
} from './slot-layout.ts'
import { addSlotStyle } from './slot-style.ts'

// The slot page: any window (3×1 to 6×5, megaways with a height per reel), its theme, the spin
// and buy buttons, the reels' run and stop, wins (cells and lines), cascades, free spins and
// hold-and-win respins, and the rules panel's paytable. The round is single-step: the answer
// holds every spin, which the page plays back before it settles.

const SVG_NS = 'http://www.w3.org/2000/svg'

type Context = RendererContext<SlotInfo>

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const SPIN_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" d="M20 12a8 8 0 0 1-13.7 5.6M4 12a8 8 0 0 1 13.7-5.6M18 2.5v4.2h-4.2M6 21.5v-4.2h4.2"/></svg>'

class SlotStage {
  private readonly info: SlotInfo
  private readonly palette: { accent: string; background: string }
  private readonly root = el('div', 'sl')
  private readonly top = el('div', 'sl-top')
  private readonly infoRow = el('div', 'sl-info')
  private readonly banner = el('div', 'sl-banner')
  private readonly frame = el('div', 'sl-frame')
  private readonly board = el('div', 'sl-board')
  private readonly lines = document.createElementNS(SVG_NS, 'svg')
  private readonly mult = el('div', 'sl-mult')
  private readonly overlay = el('div', 'sl-overlay')
  private readonly winbar = el('div', 'sl-winbar')
  private readonly spinButton = el('button', 'sl-spin')
  private buyButton: HTMLButtonElement | null = null
  private reels: HTMLElement[] = []
  /** The rows each reel shows now. */
  private rowsPerReel: number[] = []
  private busy = false
  private confirming = false
  private hurry = false
  private timers = new Set<{ id: number; done: () => void }>()
  private shownStake = -1n
  private readonly t = (key: string, values?: Record<string, string | number>) =>
    this.context.t(key, values)

  constructor(private readonly context: Context) {
    this.info = context.info
    this.palette = { accent: context.theme.accent, background: context.theme.background }
    addSlotStyle()
    this.build()
  }

  // ---- building the stage --------------------------------------------------------------

  private build() {
    const { context, info } = this
    this.root.style.setProperty('--sl-accent', context.theme.accent)
    this.root.dataset.layout = info.layout
    this.banner.hidden = true
    this.top.append(this.infoRow, this.banner)

    this.board.setAttribute('role', 'group')
    this.board.setAttribute('aria-label', context.t('slot.board'))
    this.board.style.gridTemplateColumns = `repeat(${info.reels}, minmax(0, 1fr))`
    for (let reel = 0; reel < info.reels; reel++) {
      const column = el('div', 'sl-reel')
      column.setAttribute('role', 'list')
      column.setAttribute('aria-label', context.t('slot.reel', { n: reel + 1 }))
      this.reels.push(column)
      this.board.append(column)
    }
    this.lines.setAttribute('class', 'sl-lines')
    this.lines.setAttribute('viewBox', '0 0 100 100')
    this.lines.setAttribute('preserveAspectRatio', 'none')
    this.lines.setAttribute('aria-hidden', 'true')
    this.board.append(this.lines)
    this.mult.hidden = true
    this.overlay.hidden = true
    this.frame.append(this.board, this.mult, this.overlay)
    this.winbar.setAttribute('aria-hidden', 'true')
    this.root.append(this.top, this.frame, this.winbar)
    context.stage.append(this.root)

    this.drawGrid(this.idleGrid())
    this.idleBar()

    const controls = el('div', 'sl-controls')
    controls.style.setProperty('--sl-accent', context.theme.accent)
    if (info.buyPriceX) {
      const buy = el('button', 'sl-buy')
      buy.type = 'button'
      buy.dataset.testid = 'studio-buy'
      buy.addEventListener('click', () => this.askBuy())
      this.buyButton = buy
      controls.append(buy)
    }
    this.spinButton.type = 'button'
    this.spinButton.dataset.testid = 'studio-spin'
    this.spinButton.innerHTML = SPIN_ICON
    this.spinButton.append(el('span', undefined, context.t('slot.spin')))
    this.spinButton.addEventListener('click', () => {
      if (this.busy) this.hurryUp()
      else void this.play({})
    })
    controls.append(this.spinButton)
    context.controls.append(controls)
    this.refreshStake()

    // The shell's stake selector changes the buy price and the jackpots' amounts.
    window.setInterval(() => this.refreshStake(), 400)
    const fit = () => this.fit()
    if (typeof ResizeObserver === 'function') new ResizeObserver(fit).observe(context.stage)
    window.addEventListener('resize', fit)
    fit()
  }

  /** Sizes the window to the stage: square cells, the whole window visible. */
  private fit() {
    const stage = this.context.stage
    const width = stage.clientWidth || window.innerWidth
    const chrome = this.top.offsetHeight + this.winbar.offsetHeight + 16
    const height =
      stage.clientHeight > 140 ? stage.clientHeight - chrome : window.innerHeight * 0.55
    const size = boardSize(width, Math.max(120, height), this.info.reels, this.info.rows)
    this.frame.style.width = `${size.width}px`
    this.frame.style.height = `${size.height}px`
    this.root.style.setProperty('--sl-cell', `${size.cell}px`)
  }

  private refreshStake() {
    const stake = this.context.stake()
    if (stake === this.shownStake) return
    this.shownStake = stake
    const { info, context } = this
    if (this.buyButton && info.buyPriceX) {
      this.buyButton.replaceChildren(
        document.createTextNode(context.t('slot.buy')),
        el('small', undefined, context.money(payAt(stake, info.buyPriceX))),
      )
    }
    this.drawInfoRow(0)
  }

  /** The chips above the window: the cascade ladder, or the jackpots at the current stake. */
  private drawInfoRow(step: number) {
    const { info, context } = this
    const chips: HTMLElement[] = []
    if (info.holdAndWin) {
      for (const [name, multiple] of Object.entries(info.holdAndWin.jackpots)) {
        const chip = el('span', 'sl-chip')
        chip.append(
          document.createTextNode(this.jackpotName(name) + ' '),
          el('b', undefined, context.money(payAt(this.shownStake, multiple))),
        )
        chips.push(chip)
      }
    } else if (info.cascades && info.cascadeMultipliers && info.cascadeMultipliers.length > 1) {
      info.cascadeMultipliers.forEach((multiple, i) => {
        const on = Math.min(step, (info.cascadeMultipliers?.length ?? 1) - 1) === i
        chips.push(el('span', on ? 'sl-chip is-on' : 'sl-chip', `×${multiple}`))
      })
    }
    this.infoRow.replaceChildren(...chips)
    this.infoRow.hidden = chips.length === 0
  }

  private jackpotName(name: string) {
    return ['mini', 'minor', 'major', 'grand', 'mega'].includes(name)
      ? this.context.t(`slot.jackpot.${name}`)
      : name.toUpperCase()
  }

  /** The bar under the window when nothing is won: lines, ways or the megaways' count. */
  private idleBar(ways?: number) {
    const { info, context } = this
    this.winbar.classList.remove('is-win')
    if (info.layout === 'lines') this.winbar.textContent = this.linesLabel()
    else if (info.layout === 'ways')
      this.winbar.textContent = context.t('slot.waysCount', {
        count: this.number(info.ways ?? waysOf(info.reels, info.rows)),
      })
    else
      this.winbar.textContent = context.t('slot.waysCount', {
        count: this.number(ways ?? waysOf(info.reels, info.rows)),
      })
  }

  private linesLabel() {
    const count = this.info.lines?.length ?? 1
    return count === 1 ? this.t('slot.oneLine') : this.t('slot.linesCount', { count })
  }

  private number(value: number) {
    try {
      return new Intl.NumberFormat(document.documentElement.lang || undefined).format(value)
    } catch {
      return String(value)
    }
  }

  /** A full window of the title's plain symbols for the idle stage. */
  private idleGrid(): SymbolGrid {
    const plain = this.info.symbols.flatMap((symbol, i) => (symbol.kind === 'plain' ? [i] : []))
    const pool = plain.length ? plain : this.info.symbols.map((_, i) => i)
    return Array.from({ length: this.info.reels }, (_, reel) =>
      Array.from(
        { length: this.info.rows },
        (_, row) => pool[(reel * 3 + row * 5 + reel * row) % pool.length] ?? 0,
      ),
    )
  }

  // ---- cells ---------------------------------------------------------------------------

  private cell(symbol: number, reel: number, row: number, coin?: string | null, empty = false) {
    const info = this.info.symbols[symbol]
    const art = info?.art ?? 'gem-blue'
    const cell = el('div', 'sl-cell')
    cell.setAttribute('role', 'listitem')
    cell.dataset.reel = String(reel)
    cell.dataset.row = String(row)
    cell.innerHTML = drawSymbol(coin ? 'coin' : art, this.palette)
    let name = symbolName(coin ? 'coin' : art, this.t, symbol)
    if (coin) {
      const value = BigInt(coin)
      const jackpot = this.info.holdAndWin
        ? jackpotOf(value, this.shownStake, this.info.holdAndWin.jackpots)
        : null
      const tag = el('span', jackpot ? 'sl-coin is-jackpot' : 'sl-coin')
      tag.textContent = jackpot ? this.jackpotName(jackpot) : this.context.money(value)
      cell.append(tag)
      cell.classList.add('is-locked')
      name = this.context.t('slot.coinValue', { amount: this.context.money(value) })
    } else if (empty) {
      cell.classList.add('is-empty')
      name = this.context.t('slot.emptyCell')
    }
    cell.setAttribute('aria-label', name)
    return cell
  }

  private drawReel(reel: number, symbols: number[], coins?: (string | null)[], respin = false) {
    const column = this.reels[reel]
    if (!column) return []
    const cells = symbols.map((symbol, row) => {
      const coin = coins?.[row] ?? null
      return this.cell(symbol, reel, row, coin, respin && !coin)
    })
    column.replaceChildren(...cells)
    this.rowsPerReel[reel] = symbols.length
    return cells
  }

  private drawGrid(grid: SymbolGrid, coins?: (string | null)[][], respin = false) {
    grid.forEach((symbols, reel) => this.drawReel(reel, symbols, coins?.[reel], respin))
  }

  private cellAt(reel: number, row: number): HTMLElement | null {
    return (this.reels[reel]?.children[row] as HTMLElement | undefined) ?? null
  }

  private clearMarks() {
    for (const column of this.reels)
      for (const cell of Array.from(column.children))
        cell.classList.remove('is-win', 'is-dim', 'is-pop')
    this.lines.replaceChildren()
  }

  // ---- timing --------------------------------------------------------------------------

  /** Waits `ms` (a fraction of it once the player hurried the round on). */
  private wait(ms: number): Promise<void> {
    const time = this.hurry ? Math.min(ms, 60) : ms
    return new Promise((resolve) => {
      const entry = {
        id: 0,
        done: () => {
          this.timers.delete(entry)
          resolve()
        },
      }
      entry.id = window.setTimeout(entry.done, time)
      this.timers.add(entry)
    })
  }

  private hurryUp() {
    this.hurry = true
    for (const entry of Array.from(this.timers)) {
      window.clearTimeout(entry.id)
      entry.done()
    }
  }

  private get motion() {
    return !this.context.reducedMotion && !this.hurry
  }

  // ---- the round -----------------------------------------------------------------------

  private setBusy(busy: boolean) {
    this.busy = busy
    this.context.setBusy(busy)
    this.spinButton.classList.toggle('is-busy', busy)
    if (this.buyButton) this.buyButton.disabled = busy
  }

  private async play(params: { buy?: boolean }) {
    if (this.busy || this.confirming) return
    const pressed = performance.now()
    const stake = this.context.stake()
    this.setBusy(true)
    this.spinButton.disabled = false
    this.hurry = false
    this.clearMarks()
    this.hideBanner()
    this.idleBar()
    const spinning = this.startReels()
    let answer: RoundAnswer<SlotView> | null = null
    try {
      answer = await this.context.start<SlotView>(params.buy ? { buy: true } : {})
    } catch {
      answer = null
    }
    if (!answer) {
      await this.stopReels(spinning, this.lastGrid ?? this.idleGrid(), true)
      this.setBusy(false)
      return
    }
    await this.show(answer, stake, spinning)
    this.context.settle(answer)
    this.announce(answer, stake)
    // The jurisdiction's shortest cycle: the next spin is not offered sooner.
    const left = this.context.minCycleMs - (performance.now() - pressed)
    if (left > 0) {
      this.spinButton.disabled = true
      await new Promise((resolve) => window.setTimeout(resolve, left))
      this.spinButton.disabled = false
    }
    this.setBusy(false)
  }

  private lastGrid: SymbolGrid | null = null

  /** Sets every reel running (a blurred strip of the title's symbols); returns when it started. */
  private startReels(quick = false): { started: number; quick: boolean } {
    const started = performance.now()
    if (!this.context.reducedMotion) {
      this.context.sound('spin')
      this.reels.forEach((column, reel) => {
        const rows = this.rowsPerReel[reel] ?? this.info.rows
        const strip = el('div', 'sl-strip')
        const count = Math.max(rows, 3)
        const tiles: number[] = []
        for (let i = 0; i < count; i++)
          tiles.push(Math.floor(Math.random() * this.info.symbols.length))
        for (const symbol of [...tiles, ...tiles]) {
          const cell = this.cell(symbol, reel, 0)
          cell.removeAttribute('role')
          cell.removeAttribute('aria-label')
          strip.append(cell)
        }
        // Each tile as tall as one of the reel's cells: the strip is twice the reel.
        strip.style.height = `calc(${(200 * count) / rows}% + ${(2 * count - rows) * 6}px)`
        strip.style.setProperty('--sl-roll', `${quick ? 140 : 170 + reel * 12}ms`)
        strip.setAttribute('aria-hidden', 'true')
        column.classList.add('is-spinning')
        column.append(strip)
      })
    }
    return { started, quick }
  }

  /** Stops the reels left to right on `grid`. */
  private async stopReels(
    spinning: { started: number; quick: boolean },
    grid: SymbolGrid,
    _refused = false,
    coins?: (string | null)[][],
  ) {
    const stops = reelStops(this.info.reels, {
      reducedMotion: this.context.reducedMotion,
      quick: spinning.quick,
    })
    for (let reel = 0; reel < this.info.reels; reel++) {
      const due = (stops[reel] ?? 0) - (performance.now() - spinning.started)
      if (due > 0) await this.wait(due)
      const column = this.reels[reel]
      column?.classList.remove('is-spinning')
      column?.querySelector('.sl-strip')?.remove()
      const cells = this.drawReel(reel, grid[reel] ?? [], coins?.[reel])
      if (this.motion) for (const cell of cells) cell.classList.add('sl-land')
      if (!this.context.reducedMotion) this.context.sound('stop')
    }
    this.lastGrid = grid
    if (this.info.layout === 'megaways')
      this.idleBar(grid.reduce((ways, reel) => ways * Math.max(1, reel.length), 1))
  }

  /** Plays every spin of the answer back. */
  private async show(
    answer: RoundAnswer<SlotView>,
    stake: bigint,
    spinning: { started: number; quick: boolean },
  ) {
    const view = answer.view
    const progress = featureProgress(view.spins)
    let total = 0n
    let running = spinning
    for (const [index, spin] of view.spins.entries()) {
      const feature = progress[index]
      if (index > 0) {
        this.clearMarks()
        await this.wait(this.context.reducedMotion ? 150 : 350)
        if (spin.kind === 'respin') {
          this.showBanner(this.context.t('slot.respinsLeft', { count: spin.left }), total)
          await this.respin(spin)
        } else {
          if (feature) this.showBanner(this.context.t('slot.freeSpinsOf', feature), total)
          running = this.startReels(true)
          await this.stopReels(running, spin.steps[0]?.grid ?? [], false, spin.coins)
        }
      } else {
        await this.stopReels(running, spin.steps[0]?.grid ?? [], false, spin.coins)
      }
      await this.playSteps(spin, total)
      if (spin.awarded > 0) {
        this.context.sound('win')
        const text = this.context.t('slot.freeSpinsWon', { count: spin.awarded })
        if (index === 0) this.context.say(text, 'win')
        await this.flash(text)
      }
      if (spin.coins && index === 0 && view.spins[1]?.kind === 'respin') {
        await this.flash(this.context.t('slot.holdAndWin'))
      }
      // The studio's own sum of the spin (multipliers, coins) is what the spin paid.
      total += BigInt(spin.pay)
      if (total > 0n) this.showTotal(total)
    }
    this.hideBanner()
    this.mult.hidden = true
    const payout = BigInt(answer.payout)
    if (payout > 0n) this.showTotal(payout)
    if (view.capped) await this.flash(this.context.t('slot.capped'))
    if (payout >= stake * BigInt(BIG_WIN_X) && stake > 0n) await this.bigWin(payout)
  }

  /** Highlights each step's wins; a cascade removes them and drops the next window in. */
  private async playSteps(spin: SlotSpin, before: bigint): Promise<bigint> {
    let paid = 0n
    for (const [i, step] of spin.steps.entries()) {
      if (this.info.cascades) this.drawInfoRow(i)
      if (step.multiplier > 1) {
        this.mult.textContent = `×${step.multiplier}`
        this.mult.hidden = false
        if (this.motion) this.mult.classList.add('sl-pop')
      }
      const next = spin.steps[i + 1]
      if (step.wins.length === 0) continue
      paid += step.wins.reduce((sum, win) => sum + BigInt(win.pay), 0n)
      this.markWins(step.wins)
      this.showTotal(before + paid)
      this.context.sound('win')
      await this.wait(this.context.reducedMotion ? 500 : 1000)
      if (!next) break
      // The cascade: the winners vanish, the rest fall, new symbols drop in.
      const removed = this.removedRows(step.wins)
      for (const [reel, rows] of removed.entries())
        for (const row of rows) this.cellAt(reel, row)?.classList.add('is-pop')
      await this.wait(this.context.reducedMotion ? 100 : 260)
      this.clearMarks()
      next.grid.forEach((symbols, reel) => {
        const cells = this.drawReel(reel, symbols)
        if (!this.motion) return
        const falls = cascadeFalls(symbols.length, removed.get(reel) ?? [])
        cells.forEach((cell, row) => {
          const fall = falls[row]
          if (!fall || fall.fell === 0) return
          cell.animate(
            [
              { transform: `translateY(calc(${-fall.fell * 100}% - ${fall.fell * 6}px))` },
              { transform: 'none' },
            ],
            { duration: 260 + fall.fell * 50, easing: 'cubic-bezier(.3,1.25,.5,1)' },
          )
        })
      })
      this.lastGrid = next.grid
      await this.wait(this.context.reducedMotion ? 120 : 420)
    }
    return paid
  }

  private removedRows(wins: SlotWin[]) {
    const out = new Map<number, number[]>()
    for (const win of wins)
      for (const [reel, row] of win.cells) {
        const rows = out.get(reel) ?? []
        if (!rows.includes(row)) rows.push(row)
        out.set(reel, rows)
      }
    return out
  }

  private markWins(wins: SlotWin[]) {
    const hit = new Set<string>()
    for (const win of wins) for (const [reel, row] of win.cells) hit.add(`${reel}:${row}`)
    this.reels.forEach((column, reel) => {
      Array.from(column.children).forEach((cell, row) => {
        if (!(cell instanceof HTMLElement) || cell.classList.contains('sl-strip')) return
        cell.classList.toggle('is-win', hit.has(`${reel}:${row}`))
        cell.classList.toggle('is-dim', !hit.has(`${reel}:${row}`))
      })
    })
    this.lines.replaceChildren()
    for (const win of wins) {
      if (win.kind !== 'line' || win.line === undefined) continue
      const line = this.info.lines?.[win.line]
      if (!line) continue
      const points = linePoints(line, this.rowsPerReel)
      for (const halo of [true, false]) {
        const poly = document.createElementNS(SVG_NS, 'polyline')
        poly.setAttribute('points', points)
        if (halo) poly.setAttribute('class', 'is-halo')
        this.lines.append(poly)
      }
    }
  }

  /** A hold-and-win respin: the locked coins stay, the other cells roll and settle. */
  private async respin(spin: SlotSpin) {
    const grid = spin.steps[0]?.grid ?? []
    const before = this.reels.map((column) =>
      Array.from(column.children).map((cell) => cell.classList.contains('is-locked')),
    )
    for (const column of this.reels)
      for (const cell of Array.from(column.children))
        if (!cell.classList.contains('is-locked')) cell.classList.add('is-rolling')
    if (!this.context.reducedMotion) this.context.sound('spin')
    await this.wait(this.context.reducedMotion ? 150 : 700)
    this.drawGrid(grid, spin.coins, true)
    this.lastGrid = grid
    const landed = this.reels.flatMap((column, reel) =>
      Array.from(column.children).filter(
        (cell, row) => cell.classList.contains('is-locked') && !before[reel]?.[row],
      ),
    )
    if (this.motion) for (const cell of landed) cell.classList.add('sl-land')
    if (landed.length) this.context.sound('stop')
  }

  // ---- banners and the result ----------------------------------------------------------

  private showBanner(text: string, total: bigint) {
    const label = el('span', undefined, text)
    this.banner.replaceChildren(label)
    if (total > 0n)
      this.banner.append(
        document.createTextNode(
          this.context.t('slot.total', { amount: this.context.money(total) }),
        ),
      )
    this.banner.hidden = false
    this.infoRow.hidden = true
  }

  private hideBanner() {
    this.banner.hidden = true
    this.drawInfoRow(0)
  }

  private showTotal(amount: bigint) {
    this.winbar.classList.add('is-win')
    this.winbar.textContent = this.context.t('slot.win', { amount: this.context.money(amount) })
  }

  /** A short message over the window (free spins won, hold and win, maximum win). */
  private async flash(text: string) {
    const heading = el('h2', this.motion ? 'sl-pop' : undefined, text)
    this.overlay.replaceChildren(heading)
    this.overlay.hidden = false
    await this.wait(this.context.reducedMotion ? 700 : 1400)
    this.overlay.hidden = true
  }

  private async bigWin(payout: bigint) {
    this.context.sound('big-win')
    const heading = el('h2', this.motion ? 'sl-pop' : undefined, this.context.t('slot.bigWin'))
    const amount = el('p')
    this.overlay.replaceChildren(heading, amount)
    this.overlay.hidden = false
    const frames = this.motion ? 40 : 1
    for (const value of countUp(payout, frames)) {
      amount.textContent = this.context.money(value)
      if (frames > 1) await this.wait(30)
    }
    await this.wait(this.context.reducedMotion ? 800 : 1400)
    this.overlay.hidden = true
  }

  private announce(answer: RoundAnswer<SlotView>, _stake: bigint) {
    const payout = BigInt(answer.payout)
    if (payout > 0n) {
      this.context.say(this.context.t('slot.win', { amount: this.context.money(payout) }), 'win')
    } else {
      this.context.say(this.context.t('slot.noWin'), 'info')
      this.idleBar()
    }
  }

  // ---- buying the feature --------------------------------------------------------------

  private askBuy() {
    const price = this.info.buyPriceX
    if (this.busy || !price) return
    this.confirming = true
    const ask = el(
      'p',
      'sl-ask',
      this.context.t('slot.buyConfirm', {
        price: this.context.money(payAt(this.context.stake(), price)),
      }),
    )
    ask.id = `sl-ask-${this.context.code}`
    const yes = el('button', 'sl-btn is-main', this.context.t('slot.buyYes'))
    yes.type = 'button'
    yes.dataset.testid = 'studio-buy-confirm'
    const no = el('button', 'sl-btn', this.context.t('slot.buyNo'))
    no.type = 'button'
    no.dataset.testid = 'studio-buy-cancel'
    const row = el('div', 'sl-row')
    row.append(yes, no)
    this.overlay.replaceChildren(el('h2', undefined, this.context.t('feature.buy')), ask, row)
    this.overlay.setAttribute('role', 'dialog')
    this.overlay.setAttribute('aria-modal', 'true')
    this.overlay.setAttribute('aria-describedby', ask.id)
    this.overlay.hidden = false
    const close = (buy: boolean) => {
      this.confirming = false
      this.overlay.hidden = true
      this.overlay.removeAttribute('role')
      this.overlay.removeAttribute('aria-modal')
      this.overlay.removeAttribute('aria-describedby')
      this.overlay.removeEventListener('keydown', onKey)
      if (buy) void this.play({ buy: true })
      else this.buyButton?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        close(false)
      }
      // Space and Enter belong to the focused button here, not to the shell's spin.
      if (event.key === ' ' || event.key === 'Enter') event.stopPropagation()
    }
    yes.addEventListener('click', () => close(true))
    no.addEventListener('click', () => close(false))
    this.overlay.addEventListener('keydown', onKey)
    yes.focus()
  }

  // ---- the handle ----------------------------------------------------------------------

  handle(): RendererHandle {
    return {
      primary: () => {
        if (this.confirming) return
        if (this.busy) this.hurryUp()
        else void this.play({})
      },
      resume: (answer) => {
        const view = answer.view as SlotView
        const last = view.spins[view.spins.length - 1]
        const step = last?.steps[last.steps.length - 1]
        if (last && step) this.drawGrid(step.grid, last.coins, last.kind === 'respin')
      },
      rules: () => this.rules(),
    }
  }

  // ---- the rules panel -----------------------------------------------------------------

  private rules(): HTMLElement {
    const { info, context } = this
    const t = this.t
    const stake = context.stake()
    const money = (multiple: number) => context.money(payAt(stake, multiple))
    const box = el('div', 'sl-rules')
    box.style.setProperty('--sl-accent', context.theme.accent)

    box.append(el('h3', undefined, t('slot.rules.paytable')))
    box.append(el('p', undefined, t('slot.rules.payNote', { stake: context.money(stake) })))
    const list = el('ul', 'sl-pays')
    info.symbols.forEach((symbol, index) => {
      const counts = payingCounts(symbol.pays)
      if (counts.length === 0 && symbol.kind === 'plain') return
      const item = el('li')
      const art = el('span')
      art.innerHTML = drawSymbol(symbol.art, this.palette)
      const name = symbolName(symbol.art, t, index)
      art.setAttribute('role', 'img')
      art.setAttribute('aria-label', name)
      const pays = el('dl')
      for (const count of counts) {
        pays.append(
          el('dt', undefined, `${count}×`),
          el('dd', undefined, money(symbol.pays[count - 1] ?? 0)),
        )
      }
      const body = el('div')
      body.append(el('span', 'sl-name', name))
      const role =
        symbol.kind === 'wild'
          ? t('feature.wild')
          : symbol.kind === 'scatter'
            ? t('feature.scatter')
            : symbol.kind === 'coin'
              ? t('feature.holdAndWin')
              : null
      if (role && role !== name) body.append(el('span', 'sl-name', role))
      body.append(pays)
      item.append(art, body)
      list.append(item)
    })
    box.append(list)

    // The layout.
    if (info.layout === 'lines' && info.lines) {
      box.append(el('h3', undefined, this.linesLabel()))
      box.append(el('p', undefined, t('slot.rules.lines')))
      const set = el('div', 'sl-lineset')
      info.lines.forEach((line, i) => set.append(this.lineDiagram(line, i)))
      box.append(set)
    } else if (info.layout === 'ways') {
      const ways = info.ways ?? waysOf(info.reels, info.rows)
      box.append(el('h3', undefined, t('slot.waysCount', { count: this.number(ways) })))
      box.append(el('p', undefined, t('slot.rules.ways')))
    } else {
      box.append(
        el(
          'h3',
          undefined,
          t('slot.rules.megaways', { count: this.number(waysOf(info.reels, info.rows)) }),
        ),
      )
      box.append(
        el(
          'p',
          undefined,
          t('slot.rules.megawaysText', { min: info.minRows ?? 2, max: info.rows }),
        ),
      )
      box.append(el('p', undefined, t('slot.rules.ways')))
    }

    const features: string[] = []
    if (info.symbols.some((s) => s.kind === 'wild')) features.push(t('slot.rules.wild'))
    if (info.symbols.some((s) => s.kind === 'scatter')) features.push(t('slot.rules.scatter'))
    if (features.length) {
      box.append(el('h3', undefined, t('slot.rules.symbols')))
      for (const text of features) box.append(el('p', undefined, text))
    }

    if (info.freeSpins) {
      box.append(el('h3', undefined, t('feature.freeSpins')))
      const awards = el('ul', 'sl-list')
      for (const [count, spins] of Object.entries(info.freeSpins.awards))
        awards.append(el('li', undefined, t('slot.rules.freeSpinsAward', { count, spins })))
      box.append(awards)
      if (info.freeSpins.multiplier > 1)
        box.append(
          el('p', undefined, t('slot.rules.freeSpinsMultiplier', { n: info.freeSpins.multiplier })),
        )
      box.append(
        el(
          'p',
          undefined,
          t(info.freeSpins.retrigger ? 'slot.rules.retrigger' : 'slot.rules.noRetrigger'),
        ),
      )
    }

    if (info.cascades) {
      box.append(el('h3', undefined, t('feature.cascade')))
      box.append(el('p', undefined, t('slot.rules.cascade')))
      if (info.cascadeMultipliers?.length)
        box.append(
          el(
            'p',
            undefined,
            t('slot.rules.cascadeLadder', {
              ladder: info.cascadeMultipliers.map((m) => `×${m}`).join(' → '),
            }),
          ),
        )
    }

    if (info.holdAndWin) {
      const hold = info.holdAndWin
      box.append(el('h3', undefined, t('feature.holdAndWin')))
      box.append(
        el(
          'p',
          undefined,
          t('slot.rules.holdAndWin', { count: hold.trigger, respins: hold.respins }),
        ),
      )
      const jackpots = el('ul', 'sl-list')
      for (const [name, multiple] of Object.entries(hold.jackpots))
        jackpots.append(el('li', undefined, `${this.jackpotName(name)}: ${money(multiple)}`))
      box.append(el('p', undefined, t('slot.rules.jackpots')), jackpots)
    }

    if (info.buyPriceX) {
      box.append(el('h3', undefined, t('feature.buy')))
      box.append(
        el(
          'p',
          undefined,
          t('slot.rules.buy', { price: money(info.buyPriceX), times: info.buyPriceX }),
        ),
      )
    }

    box.append(el('h3', undefined, t('slot.rules.keys')))
    box.append(el('p', undefined, t('slot.rules.keySpin')))
    box.append(el('p', undefined, t('slot.rules.malfunction')))
    return box
  }

  /** A line as a small diagram: the window's cells, the line's cells lit. */
  private lineDiagram(line: number[], index: number) {
    const { reels, rows } = this.info
    const svg = document.createElementNS(SVG_NS, 'svg')
    const w = reels * 10
    const h = rows * 10
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`)
    svg.setAttribute('aria-hidden', 'true')
    for (let reel = 0; reel < reels; reel++)
      for (let row = 0; row < rows; row++) {
        const rect = document.createElementNS(SVG_NS, 'rect')
        rect.setAttribute('x', String(reel * 10 + 1))
        rect.setAttribute('y', String(row * 10 + 1))
        rect.setAttribute('width', '8')
        rect.setAttribute('height', '8')
        rect.setAttribute('rx', '1.5')
        if (line[reel] === row) rect.setAttribute('class', 'on')
        svg.append(rect)
      }
    const figure = el('figure')
    figure.append(svg, el('figcaption', undefined, String(index + 1)))
    return figure
  }
}

const slot: Renderer<SlotInfo> = {
  mount(context) {
    return new SlotStage(context).handle()
  },
}

/** The slot renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shell picks a renderer by kind; each kind types its own info
export const SLOT_RENDERERS: Record<string, Renderer<any>> = { slot }
