import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#db/client.ts'
import { insertPlayer, type PlayerSummary } from '#server/modules/players/players.repo.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import type { PlayerRole } from '#server/modules/players/players.tables.ts'
import { API_HEADERS } from '#tests/helpers/build-test-app.ts'

export const FACTORY_PASSWORD = 'Factory-Password-1'

/** A new account of its own for one test (each test makes its own data). */
export async function createPlayer(
  db: Db,
  overrides: { role?: PlayerRole; currency?: string; firstName?: string } = {},
): Promise<PlayerSummary & { password: string }> {
  const player = await insertPlayer(db, {
    email: `player-${randomUUID()}@aurum.test`,
    passwordHash: await hashPassword(FACTORY_PASSWORD),
    firstName: overrides.firstName ?? 'Robin',
    lastName: 'Tester',
    currency: overrides.currency ?? 'EUR',
    role: overrides.role ?? 'player',
  })
  return { ...player, password: FACTORY_PASSWORD }
}

export interface SignedInClient {
  /** Headers for an API call as the signed-in browser sends it: marker, cookie and CSRF token. */
  headers: Record<string, string>
  cookie: string
}

/** Signs the player in through the real calls and returns what a browser would then send. */
export async function signIn(
  app: FastifyInstance,
  player: { email: string; password: string },
): Promise<SignedInClient> {
  const csrf = await app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const visitorCookie = cookieHeader(csrf.cookies)
  const visitorToken = csrf.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
  const login = await app.inject({
    method: 'POST',
    url: '/login?json=1',
    headers: { ...API_HEADERS, cookie: visitorCookie, 'x-csrf-token': visitorToken },
    payload: { email: player.email, password: player.password },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  const cookie = cookieHeader(login.cookies)
  const token = await app.inject({
    method: 'GET',
    url: '/csrf/get-new',
    headers: { ...API_HEADERS, cookie },
  })
  return {
    cookie,
    headers: {
      ...API_HEADERS,
      cookie,
      'x-csrf-token': token.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
    },
  }
}

function cookieHeader(cookies: { name: string; value: string }[]): string {
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
}
