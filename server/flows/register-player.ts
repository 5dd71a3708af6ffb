import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { AppError } from '#server/lib/errors.ts'
import { jurisdictionOf } from '#common/protection.ts'
import {
  recordSignIn,
  type ExclusionRegister,
  type RegisterAnswer,
} from '#server/modules/limits/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import {
  createPlayer,
  validateRegistration,
  type PlayerSummary,
} from '#server/modules/players/index.ts'
import type { LocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { textsIn } from '#server/modules/site/index.ts'

export interface RegisterPlayerDeps {
  db: Db
  bus: EventBus
  /** The operator's blocked countries, read per sign-up (site settings). */
  blockedCountries: () => Promise<string[]>
  /** A locale's catalogue with the operator's overrides, for the welcome text. */
  messages: (locale: string) => Promise<Messages>
  /** The national self-exclusion register: a listed person gets no account. */
  register: ExclusionRegister
}

/** What the `/register` route hands over: the body as sent and the visitor's language. */
export interface RegisterPlayerInput {
  body: unknown
  /** The language of the visitor's pages, for a sign-up that names none. */
  fallbackLocale: LocalePrefix
}

export type RegisterPlayer = (
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'log'>,
  input: RegisterPlayerInput,
) => Promise<PlayerSummary>

/**
 * A sign-up: the form is checked field by field (players), the national self-exclusion register
 * is asked (limits: a listed person is refused and nothing is stored), the account, its audit
 * event, its welcome notification and the protection state of the sign-in it makes (the reality
 * check counts from now) are written together, the notification is pushed after commit, then
 * `player.registered` goes out for whoever welcomes new players.
 */
export function registerPlayerFlow(deps: RegisterPlayerDeps): RegisterPlayer {
  return async (request, input) => {
    const registration = await validateRegistration(deps.db, input.body, {
      blockedCountries: await deps.blockedCountries(),
      fallbackLocale: input.fallbackLocale,
      now: new Date(),
    })
    let register: RegisterAnswer
    try {
      // Only who the person is: the registration also holds the password.
      register = await deps.register.check({
        email: registration.email,
        lastName: registration.lastName,
        birthDate: registration.birthDate,
      })
    } catch (error) {
      // Unlike a sign-in, no one's money waits here: the sign-up waits for the register.
      throw new AppError('players.exclusion_register_unavailable', { cause: error })
    }
    if (register.listed) {
      request.log.info(
        { reference: register.reference },
        'sign-up of a self-excluded person refused',
      )
      throw new AppError('protection.register_signup')
    }
    const text = await textsIn(deps.messages, registration.locale)
    const welcome = text('notifications_text.welcome', { name: registration.firstName })
    const now = new Date()
    const rules = jurisdictionOf(registration.country)
    const player = await notifyAfterCommit({ bus: deps.bus, log: request.log }, (notify) =>
      createPlayer(deps.db, request, registration, async (tx, player) => {
        await notify(tx, { playerId: player.id, type: 'welcome', text: welcome })
        await recordSignIn(tx, { playerId: player.id, rules, register }, now)
      }),
    )
    // The account exists now: a failed push must not turn the answer into an error, which the
    // player would retry into "e-mail already registered".
    try {
      await deps.bus.publish('player.registered', { playerId: player.id })
    } catch (error) {
      request.log.error({ err: error, playerId: player.id }, 'player.registered not published')
    }
    return player
  }
}
