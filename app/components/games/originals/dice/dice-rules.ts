/**
 * Dice in the browser (decisions §5, docs/decisions/005-games.md): the same rule as the server's
 * `originals/dice.ts`, so play-money rolls are computed here with WebCrypto and never reach the
 * ledger, and the numbers shown (chance, multiplier) are the server's.
 */
export const DICE_OUTCOMES = 10_000
export const DICE_RTP_BP = 9_900
export const DICE_MIN_WIN_COUNT = 1
export const DICE_MAX_WIN_COUNT = 9_800

export type DiceDirection = 'over' | 'under'
export interface DiceBet {
  /** 1 to 9999: the line in hundredths. */
  target: number
  direction: DiceDirection
}

export const diceWinCount = ({ target, direction }: DiceBet): number =>
  direction === 'under' ? target : DICE_OUTCOMES - 1 - target

export function isDiceBetValid(bet: DiceBet): boolean {
  if (!Number.isInteger(bet.target) || bet.target < 1 || bet.target > DICE_OUTCOMES - 1)
    return false
  const count = diceWinCount(bet)
  return count >= DICE_MIN_WIN_COUNT && count <= DICE_MAX_WIN_COUNT
}

/** The nearest valid line for a direction (the slider and keys clamp to it). */
export function clampTarget(target: number, direction: DiceDirection): number {
  const rounded = Math.round(target)
  // under: target = win count (1…9800); over: win count = 9999 − target.
  return direction === 'under'
    ? Math.min(Math.max(rounded, DICE_MIN_WIN_COUNT), DICE_MAX_WIN_COUNT)
    : Math.min(
        Math.max(rounded, DICE_OUTCOMES - 1 - DICE_MAX_WIN_COUNT),
        DICE_OUTCOMES - 1 - DICE_MIN_WIN_COUNT,
      )
}

export const diceWins = (roll: number, { target, direction }: DiceBet): boolean =>
  direction === 'under' ? roll < target : roll > target

/** 99 % of the fair multiplier, in basis points. */
export const diceMultiplierBp = (bet: DiceBet): number =>
  Math.floor((DICE_RTP_BP * DICE_OUTCOMES) / diceWinCount(bet))

/** The payout of a stake, rounded down to the minor unit. */
export const dicePayoutMinor = (stakeMinor: bigint, multiplierBp: number): bigint =>
  (stakeMinor * BigInt(multiplierBp)) / 10_000n

/** Hundredths as "49.50" (rolls, lines and chances). */
export const hundredths = (value: number): string => (value / 100).toFixed(2)

/** A multiplier in basis points as "1.9800×" → "1.98". */
export const multiplierText = (bp: number): string => {
  const text = (bp / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')
  return text.includes('.') ? text : `${text}.00`
}

const encoder = new TextEncoder()

/** HMAC-SHA256(serverSeed, `clientSeed:nonce:0`): the first four bytes give the roll. */
export async function diceRollOf(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<number> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const block = new DataView(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce.toString()}:0`)),
  )
  const u32 = block.getUint32(0)
  return Math.floor((u32 * DICE_OUTCOMES) / 2 ** 32)
}

/** SHA-256 in hex (a demo seed's commitment). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** A random 32-byte seed in hex, as the server makes them. */
export function randomSeed(bytes = 32): string {
  const buffer = new Uint8Array(bytes)
  crypto.getRandomValues(buffer)
  return [...buffer].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * A stake typed by the player ("1.5", "1,5") in minor units, or undefined when it is not a
 * positive amount with at most `exponent` decimals. Never through a float.
 */
export function parseStake(text: string, exponent: number): bigint | undefined {
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > exponent) return undefined
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'))
  return minor > 0n ? minor : undefined
}
