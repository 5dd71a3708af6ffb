// What the page's shell (client/main.ts) gives a game's renderer, and what a renderer gives
// back. The shell owns the header (title, mode, balance, last win), the stake selector, the
// status line, the rules dialog, sound and the calls to the studio's server; a renderer owns its
// stage (reels, table, board) and its own buttons. Runs in the player's browser.

/** A round as the studio's server answers it (the view is the kind's own, e.g. `SlotView`). */
export interface RoundAnswer<View = unknown> {
  round_id: string
  view: View
  done: boolean
  /** Everything staked on the round so far, minor units. */
  staked: string
  /** What the round paid (when done), minor units. */
  payout: string
}

export type SoundName = 'spin' | 'stop' | 'win' | 'big-win' | 'card' | 'click' | 'lose'

export interface RendererContext<Info = unknown> {
  /** The renderer's area: the shell leaves it empty. */
  stage: HTMLElement
  /** Where the renderer's buttons go (beside the shell's stake selector). */
  controls: HTMLElement
  info: Info
  code: string
  theme: { background: string; accent: string }
  /** Studio strings of the page's language; `{name}` placeholders filled from `values`. */
  t(key: string, values?: Record<string, string | number>): string
  /** An amount in the player's currency, as the shell shows it. */
  money(minor: bigint): string
  /** The base stake the shell's selector shows now. */
  stake(): bigint
  /**
   * Starts a round with the kind's params. The shell takes the stake from its balance, calls
   * the server, handles refusals (it shows them) and resolves null for them; the payout reaches
   * the balance when the renderer calls `settle()` (so the balance moves when the animation
   * shows the win).
   */
  start<View>(params: unknown): Promise<RoundAnswer<View> | null>
  /** A move in the open round (hit, hold…); null when refused (the shell said why). */
  act<View>(action: unknown): Promise<RoundAnswer<View> | null>
  /**
   * Tells the shell an answer (of `start` or `act`) is drawn: it frees its controls and, when the
   * round is done, shows the win and the new balance. Call it once per answer.
   */
  settle(answer: RoundAnswer): void
  /** Locks the shell's stake selector (a round is open) or frees it. */
  setBusy(busy: boolean): void
  /** A line under the stage (errors are the shell's; this is for the game's own news). */
  say(text: string, tone?: 'info' | 'win'): void
  sound(name: SoundName): void
  /** The player asked for less motion: no spinning blur, no flying cards, short or no waits. */
  reducedMotion: boolean
  /**
   * The shortest time a paid round may take from press to the next press, in milliseconds
   * (the jurisdiction's minimum; 0 where none): a renderer does not offer the next round sooner.
   */
  minCycleMs: number
}

export interface Renderer<Info = unknown> {
  /** Draws the idle stage and the renderer's controls. */
  mount(context: RendererContext<Info>): RendererHandle
}

export interface RendererHandle {
  /** Space or Enter on the page: the main action (spin, deal, drop, stand…). */
  primary(): void
  /** A round left open (the player came back): draw it and let the player go on. */
  resume(answer: RoundAnswer): void
  /** The rules panel's game part: paytable and features, in the page's language. */
  rules(): HTMLElement
}
