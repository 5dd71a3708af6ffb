/**
 * The Originals' provably fair rule in the browser (decisions §5, docs/decisions/005-games.md),
 * the same as `server/modules/games/originals/*.ts` but on WebCrypto: numbers are
 * HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`) read four bytes at a time, a number below n
 * is floor(u × n / 2^32). Demo play computes its outcomes here (never touching the ledger) and
 * the verify page recomputes real bets from their seeds. `fairness.test.ts` checks every game
 * against the server's functions.
 */
export interface FairnessInput {
  serverSeed: string
  clientSeed: string
  nonce: number
}

const encoder = new TextEncoder()

async function hmacBlock(key: CryptoKey, message: string): Promise<DataView> {
  return new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
}

/** The first `count` uint32 values of a bet's stream. */
export async function uint32s(
  { serverSeed, clientSeed, nonce }: FairnessInput,
  count: number,
): Promise<number[]> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const values: number[] = []
  for (let cursor = 0; values.length < count; cursor++) {
    const block = await hmacBlock(key, `${clientSeed}:${String(nonce)}:${String(cursor)}`)
    for (let offset = 0; offset < 32 && values.length < count; offset += 4) {
      values.push(block.getUint32(offset))
    }
  }
  return values
}

export const uniformInt = (u32: number, n: number): number => Math.floor((u32 * n) / 2 ** 32)

export async function drawInts(input: FairnessInput, count: number, n: number) {
  return (await uint32s(input, count)).map((u32) => uniformInt(u32, n))
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** A random seed in hex, as the server makes them (demo play and new client seeds). */
export function randomHex(bytes = 32): string {
  const buffer = new Uint8Array(bytes)
  crypto.getRandomValues(buffer)
  return [...buffer].map((b) => b.toString(16).padStart(2, '0')).join('')
}

// ---- Dice --------------------------------------------------------------------------------------

export async function diceRoll(input: FairnessInput): Promise<number> {
  const [roll] = await drawInts(input, 1, 10_000)
  return roll ?? 0
}

// ---- European Roulette -------------------------------------------------------------------------

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
])
export type RouletteBetKind =
  'straight' | 'red' | 'black' | 'even' | 'odd' | 'low' | 'high' | 'dozen' | 'column'
export interface RouletteBet {
  kind: RouletteBetKind
  value?: number
}

export function coveredNumbers({ kind, value }: RouletteBet): number[] {
  const all = Array.from({ length: 36 }, (_, index) => index + 1)
  switch (kind) {
    case 'straight':
      return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 36
        ? [value]
        : []
    case 'red':
      return all.filter((n) => RED_NUMBERS.has(n))
    case 'black':
      return all.filter((n) => !RED_NUMBERS.has(n))
    case 'even':
      return all.filter((n) => n % 2 === 0)
    case 'odd':
      return all.filter((n) => n % 2 === 1)
    case 'low':
      return all.filter((n) => n <= 18)
    case 'high':
      return all.filter((n) => n >= 19)
    case 'dozen':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => Math.ceil(n / 12) === value)
        : []
    case 'column':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => ((n - 1) % 3) + 1 === value)
        : []
  }
}

export async function roulettePocket(input: FairnessInput): Promise<number> {
  const [pocket] = await drawInts(input, 1, 37)
  return pocket ?? 0
}

/** What one chip returns on a pocket (stake included), minor units. */
export function rouletteChipReturn(bet: RouletteBet, stakeMinor: bigint, pocket: number): bigint {
  const covered = coveredNumbers(bet)
  return covered.includes(pocket) ? (stakeMinor * 36n) / BigInt(covered.length) : 0n
}

// ---- Mines -------------------------------------------------------------------------------------

export const MINES_TILES = 25

export async function minePositions(input: FairnessInput, mines: number): Promise<number[]> {
  const tiles = Array.from({ length: MINES_TILES }, (_, index) => index)
  const stream = await uint32s(input, mines)
  for (let index = 0; index < mines; index++) {
    const pick = index + uniformInt(stream[index] ?? 0, MINES_TILES - index)
    const swap = tiles[pick] ?? 0
    tiles[pick] = tiles[index] ?? 0
    tiles[index] = swap
  }
  return tiles.slice(0, mines).sort((a, b) => a - b)
}

function choose(n: number, k: number): bigint {
  let result = 1n
  for (let index = 0; index < k; index++) result = (result * BigInt(n - index)) / BigInt(index + 1)
  return result
}

export function minesMultiplierBp(mines: number, revealed: number): number {
  if (revealed === 0) return 10_000
  return Number((choose(MINES_TILES, revealed) * 9_900n) / choose(MINES_TILES - mines, revealed))
}

export const minesPayout = (stakeMinor: bigint, mines: number, revealed: number): bigint =>
  (stakeMinor * BigInt(minesMultiplierBp(mines, revealed))) / 10_000n

// ---- Slots -------------------------------------------------------------------------------------

export const SLOT_SYMBOLS = [
  'cherry',
  'lemon',
  'orange',
  'plum',
  'bell',
  'bar',
  'seven',
  'wild',
] as const
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number]
const STRIP_COUNTS: Record<SlotSymbol, number> = {
  cherry: 5,
  lemon: 4,
  orange: 3,
  plum: 2,
  bell: 2,
  bar: 1,
  seven: 1,
  wild: 2,
}
export const SLOT_STRIP: readonly SlotSymbol[] = (() => {
  const remaining = { ...STRIP_COUNTS }
  const strip: SlotSymbol[] = []
  const total = Object.values(STRIP_COUNTS).reduce((a, b) => a + b, 0)
  while (strip.length < total) {
    for (const symbol of SLOT_SYMBOLS) {
      if (remaining[symbol] > 0) {
        strip.push(symbol)
        remaining[symbol] -= 1
      }
    }
  }
  return strip
})()
export const SLOT_PAYTABLE: Record<
  Exclude<SlotSymbol, 'wild'>,
  readonly [number, number, number]
> = {
  cherry: [6, 9, 12],
  lemon: [6, 10, 16],
  orange: [9, 12, 20],
  plum: [10, 16, 25],
  bell: [12, 20, 32],
  bar: [16, 25, 50],
  seven: [20, 32, 80],
}
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
]

export interface SlotLineWin {
  line: number
  symbol: SlotSymbol
  count: number
  pay: number
}

export function linePay(symbols: readonly SlotSymbol[]) {
  const base = symbols.find((symbol) => symbol !== 'wild') ?? 'seven'
  let count = 0
  for (const symbol of symbols) {
    if (symbol !== base && symbol !== 'wild') break
    count += 1
  }
  if (count < 3) return undefined
  return { symbol: base, count, pay: SLOT_PAYTABLE[base][count - 3] ?? 0 }
}

export const slotWindow = (stops: readonly number[]): SlotSymbol[][] =>
  stops.map((stop) =>
    Array.from({ length: 3 }, (_, row) => SLOT_STRIP[(stop + row) % SLOT_STRIP.length] ?? 'cherry'),
  )

export async function slotOutcome(input: FairnessInput, stakeMinor: bigint) {
  const stops = await drawInts(input, 5, SLOT_STRIP.length)
  const window = slotWindow(stops)
  const wins: SlotLineWin[] = []
  SLOT_PAYLINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => window[reel]?.[row] ?? 'cherry'))
    if (win) wins.push({ line, ...win })
  })
  const totalPay = wins.reduce((sum, win) => sum + win.pay, 0)
  return { stops, window, wins, payoutMinor: (stakeMinor * BigInt(totalPay)) / 10n }
}
