import { hash, verify } from '@node-rs/argon2'

/**
 * Our argon2id parameters: 19 MiB, two passes, one lane, the OWASP minimum (and the library's
 * defaults, written out so a library update cannot lower them silently). Raising them makes every
 * stored hash older than ours, and each is upgraded at the player's next login.
 */
export const ARGON2_MEMORY_COST_KIB = 19_456
export const ARGON2_TIME_COST = 2
export const ARGON2_PARALLELISM = 1

/** argon2id (the library's default algorithm) with our parameters, computed off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    memoryCost: ARGON2_MEMORY_COST_KIB,
    timeCost: ARGON2_TIME_COST,
    parallelism: ARGON2_PARALLELISM,
  })
}

export interface Argon2Parameters {
  algorithm: string
  version: number
  memoryCostKib: number
  timeCost: number
  parallelism: number
}

const PHC_PATTERN = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/

/** The parameters written in a PHC-format argon2 hash, or undefined when it is not one. */
export function parseArgon2Parameters(stored: string): Argon2Parameters | undefined {
  const match = PHC_PATTERN.exec(stored)
  if (!match) return undefined
  const [, algorithm = '', version, memory, time, lanes] = match
  return {
    algorithm,
    version: Number(version),
    memoryCostKib: Number(memory),
    timeCost: Number(time),
    parallelism: Number(lanes),
  }
}

/**
 * True when a stored hash is weaker than what `hashPassword` makes now: another argon2 variant or
 * version, less memory or fewer passes, or a format we cannot read. The caller rehashes it with
 * the password it has just verified.
 */
export function needsRehash(stored: string): boolean {
  const parameters = parseArgon2Parameters(stored)
  if (!parameters) return true
  return (
    parameters.algorithm !== 'argon2id' ||
    parameters.version !== 19 ||
    parameters.memoryCostKib < ARGON2_MEMORY_COST_KIB ||
    parameters.timeCost < ARGON2_TIME_COST ||
    parameters.parallelism < ARGON2_PARALLELISM
  )
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not tell which e-mail addresses have accounts.
let decoyHash: Promise<string> | undefined

/** True when the password matches; with no stored hash, spends the same time and answers false. */
export async function verifyPassword(stored: string | undefined, password: string) {
  if (stored === undefined) {
    decoyHash ??= hashPassword('decoy password that matches no account')
    await verify(await decoyHash, password)
    return false
  }
  return verify(stored, password)
}
