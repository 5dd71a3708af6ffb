import { hash } from '@node-rs/argon2'
import { describe, expect, it, vi } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import {
  hashPassword,
  needsRehash,
  parseArgon2Parameters,
  setPasswordHashNice,
  verifyPassword,
} from './passwords.ts'

const SALT_AND_HASH = '$c29tZXNhbHRzb21lc2FsdA$ZGlnZXN0ZGlnZXN0ZGlnZXN0ZGlnZXN0ZGlnZXN0'

describe('hashPassword', () => {
  it('stores argon2id with at least 19 MiB, 2 passes and one lane, read back from the hash', async () => {
    const stored = await hashPassword('correct horse battery staple')
    expect(stored.startsWith('$argon2id$v=19$')).toBe(true)
    const parameters = parseArgon2Parameters(stored)
    expect(parameters?.algorithm).toBe('argon2id')
    expect(parameters?.memoryCostKib).toBeGreaterThanOrEqual(19_456)
    expect(parameters?.timeCost).toBeGreaterThanOrEqual(2)
    expect(parameters?.parallelism).toBe(1)
    expect(needsRehash(stored)).toBe(false)
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false)
  })

  it('answers false for an account without a hash', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false)
  })

  it('refuses a stored value that is not a hash', async () => {
    await expect(verifyPassword('not a hash', 'anything')).rejects.toThrow()
  })

  // Linux names threads under /proc; elsewhere the threads keep the normal priority.
  it.runIf(existsSync('/proc/thread-self'))(
    'hashes on threads of the lowest priority when the server asks',
    async () => {
      // The nice level of each thread of this process (field 19 of its stat line).
      const niceLevels = () =>
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
        })
      const eventLoopNice = niceLevels()[0]
      setPasswordHashNice(19)
      try {
        await Promise.all([hashPassword('first password'), hashPassword('second password')])
        expect(niceLevels()).toContain(19)
        // The event loop's own thread keeps its priority.
        expect(niceLevels()[0]).toBe(eventLoopNice)
      } finally {
        setPasswordHashNice(0)
      }
      await hashPassword('third password')
      // Each thread renices itself when it reads the message; an idle one may take a moment.
      await vi.waitFor(() => expect(niceLevels()).not.toContain(19))
    },
  )
})

describe('needsRehash', () => {
  it('keeps hashes made with our parameters or stronger ones', () => {
    expect(needsRehash(`$argon2id$v=19$m=65536,t=3,p=1${SALT_AND_HASH}`)).toBe(false)
    expect(needsRehash(`$argon2id$v=19$m=262144,t=4,p=1${SALT_AND_HASH}`)).toBe(false)
    expect(needsRehash(`$argon2id$v=19$m=65536,t=3,p=4${SALT_AND_HASH}`)).toBe(false)
  })

  it.each([
    ['less memory', `$argon2id$v=19$m=19456,t=3,p=1${SALT_AND_HASH}`],
    ['fewer passes', `$argon2id$v=19$m=65536,t=2,p=1${SALT_AND_HASH}`],
    ['argon2i', `$argon2i$v=19$m=19456,t=2,p=1${SALT_AND_HASH}`],
    ['argon2d', `$argon2d$v=19$m=19456,t=2,p=1${SALT_AND_HASH}`],
    ['an older argon2 version', `$argon2id$v=16$m=19456,t=2,p=1${SALT_AND_HASH}`],
    ['bcrypt', '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW'],
    ['garbage', 'not a hash'],
  ])('asks to rehash %s', (_name, stored) => {
    expect(needsRehash(stored)).toBe(true)
  })

  it('asks to rehash a real hash made with weaker parameters', async () => {
    const weak = await hash('password', { memoryCost: 4096, timeCost: 1 })
    expect(parseArgon2Parameters(weak)).toMatchObject({ memoryCostKib: 4096, timeCost: 1 })
    expect(needsRehash(weak)).toBe(true)
  })
})
