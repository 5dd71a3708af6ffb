import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { insertPlayer, type PlayerSummary } from '#server/modules/players/players.repo.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { insertOperator } from '#server/modules/operators/operators.repo.ts'
import type { OperatorRole } from '#server/modules/operators/operators.tables.ts'
import { newTotpSecret, totpCodeAt } from '#server/modules/auth/totp.ts'
import { API_HEADERS } from '#tests/helpers/build-test-app.ts'
import { testSecretBox } from '#tests/helpers/test-secrets.ts'

export const FACTORY_PASSWORD = 'Factory-Password-1'

// One hash per test process: each player gets its own row but the same (slow on purpose) hash.
let factoryHash: Promise<string> | undefined
const factoryPasswordHash = () => (factoryHash ??= hashPassword(FACTORY_PASSWORD))

export { testSecretBox }

/** A new player of its own for one test (each test makes its own data). */
export async function createPlayer(
  db: Db,
  overrides: { currency?: string; firstName?: string; country?: string } = {},
): Promise<PlayerSummary & { password: string }> {
  const player = await insertPlayer(db, {
    email: `player-${randomUUID()}@aurum.test`,
    passwordHash: await factoryPasswordHash(),
    firstName: overrides.firstName ?? 'Robin',
    lastName: 'Tester',
    currency: overrides.currency ?? 'EUR',
    country: overrides.country ?? 'FI',
  })
  return { ...player, password: FACTORY_PASSWORD }
}

/** Fills in what the card and bank methods ask of a player's profile: birth date and address. */
export async function completeProfile(db: Db, playerId: string): Promise<void> {
  await db
    .update(players)
    .set({
      birthDate: '1990-04-01',
      address: 'Mannerheimintie 1',
      city: 'Helsinki',
      postCode: '00100',
    })
    .where(eq(players.id, playerId))
}

/** A new operator with the given roles and a TOTP secret the test can compute codes from. */
export async function createOperator(db: Db, roles: OperatorRole[]) {
  const totpSecret = newTotpSecret()
  const operator = await insertOperator(db, {
    email: `operator-${randomUUID()}@aurum.test`,
    passwordHash: await factoryPasswordHash(),
    name: 'Olli Operator',
    roles,
    totpSecretSealed: testSecretBox.seal(totpSecret),
  })
  return { ...operator, password: FACTORY_PASSWORD, totpSecret }
}

export interface SignedInClient {
  /** Headers for an API call as the signed-in browser sends it: marker, cookie and CSRF token. */
  headers: Record<string, string>
  cookie: string
}

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

const csrfToken = async (app: FastifyInstance, cookie?: string) => {
  const response = await app.inject({
    method: 'GET',
    url: '/csrf/get-new',
    headers: { ...API_HEADERS, ...(cookie && { cookie }) },
  })
  return {
    token: response.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
    cookie: cookie ?? cookieHeader(response.cookies),
  }
}

/** Signs in through the real calls and returns what a browser would then send. */
async function signInAt(app: FastifyInstance, url: string, payload: Record<string, string>) {
  const visitor = await csrfToken(app)
  const login = await app.inject({
    method: 'POST',
    url,
    headers: { ...API_HEADERS, cookie: visitor.cookie, 'x-csrf-token': visitor.token },
    payload,
  })
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`)
  const cookie = cookieHeader(login.cookies)
  const { token } = await csrfToken(app, cookie)
  return { cookie, headers: { ...API_HEADERS, cookie, 'x-csrf-token': token } }
}

export function signIn(
  app: FastifyInstance,
  player: { email: string; password: string },
): Promise<SignedInClient> {
  return signInAt(app, '/login?json=1', { email: player.email, password: player.password })
}

/** The realtime socket token a signed-in page gets (from `GET /player/info`): it names the session. */
export async function socketTokenOf(app: FastifyInstance, client: SignedInClient): Promise<string> {
  const info = await app.inject({ method: 'GET', url: '/player/info', headers: client.headers })
  if (info.statusCode !== 200) throw new Error(`no player info: ${info.body}`)
  return info.json<{ data: { token: string } }>().data.token
}

/** Signs an operator in with a code of the current step (each code works once). */
export function signInOperator(
  app: FastifyInstance,
  operator: { email: string; password: string; totpSecret: string },
  atMs = Date.now(),
): Promise<SignedInClient> {
  return signInAt(app, '/admin/api/login', {
    email: operator.email,
    password: operator.password,
    otp: totpCodeAt(operator.totpSecret, atMs),
  })
}
