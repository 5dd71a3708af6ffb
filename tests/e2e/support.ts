import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
} from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { DEMO_OPERATOR_EMAIL, DEMO_PLAYER } from '../../db/seed/demo-accounts.ts'

export { DEMO_PLAYER }

/** The seeded operator's sign-in: playwright.config.ts gives the server these two variables. */
export const E2E_OPERATOR = {
  email: DEMO_OPERATOR_EMAIL,
  password: 'e2e-operator-password-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const

/** The operator's current code; `stepOffset` picks a later step (each code signs in once). */
export function operatorCode(stepOffset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(E2E_OPERATOR.totpSecret) }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  })
}

/** Collects console errors and uncaught exceptions; a journey ends by expecting none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Signs in through the login dialog, as a player would. */
export async function logInThroughDialog(
  page: Page,
  account: { email: string; password: string } = DEMO_PLAYER,
) {
  const dialog = page.getByRole('dialog', { name: 'Welcome back' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('E-mail').fill(account.email)
  await dialog.getByLabel('Password').fill(account.password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(dialog).toBeHidden()
}

const API = { 'X-Requested-With': 'XMLHttpRequest' }

/** Fills the two steps of the open sign-up dialog and creates the account (a Finnish player). */
/**
 * Signs up through the register dialog. It ends with the deposit-limit prompt (issue 26), which
 * this declines unless the journey is about it (`limitPrompt: 'leave'`).
 */
export async function signUpThroughDialog(
  page: Page,
  email: string,
  password: string,
  { limitPrompt = 'decline' }: { limitPrompt?: 'decline' | 'leave' } = {},
) {
  const signUp = page.getByRole('dialog', { name: 'Create your account' })
  await signUp.getByLabel('E-mail').fill(email)
  await signUp.getByLabel('Password').fill(password)
  await signUp.getByRole('checkbox').check()
  await signUp.getByRole('button', { name: 'Continue' }).click()
  await signUp.getByLabel('First name').fill('Jordan')
  await signUp.getByLabel('Last name').fill('Rivers')
  await signUp.getByLabel('Date of birth').fill('1990-05-17')
  await signUp.getByLabel('Country').selectOption('FI')
  await signUp.getByLabel('City').fill('Helsinki')
  await signUp.getByLabel('Post code').fill('00100')
  await signUp.getByLabel('Address').fill('Mannerheimintie 1')
  await signUp.getByLabel('Phone number').fill('401234567')
  await signUp.getByRole('button', { name: 'Create account' }).click()
  await expect(signUp).toBeHidden()
  if (limitPrompt === 'decline') {
    const prompt = page.getByRole('dialog', { name: 'Set a deposit limit?' })
    await prompt.getByRole('button', { name: 'No thanks' }).click()
    await expect(prompt).toBeHidden()
  }
}
/** A signed-in API client of its own (a separate cookie jar), with the CSRF token fetched. */
export async function apiSession(
  request: APIRequestContext,
  path: '/login?json=1' | '/admin/api/login',
  credentials: Record<string, string>,
) {
  const token = async () =>
    (
      (await (await request.get('/csrf/get-new', { headers: API })).json()) as Record<
        string,
        string
      >
    )['_csrf-frontend'] ?? ''
  const login = await request.post(path, {
    headers: { ...API, 'X-CSRF-Token': await token() },
    data: credentials,
  })
  expect(login.status()).toBe(200)
  const body = (await login.json()) as { player?: { id: string } }
  const csrf = await token()
  return {
    player: body.player,
    post: (url: string, data: unknown) =>
      request.post(url, { headers: { ...API, 'X-CSRF-Token': csrf }, data }),
  }
}

type ApiSession = Awaited<ReturnType<typeof apiSession>>
let seededOperator: Promise<ApiSession> | undefined

/**
 * The seeded operator's API session (admin), one per worker for every spec: each TOTP code signs
 * an operator in once, so two files signing it in within 30 s would refuse one another. A
 * retried journey runs in a fresh worker, which signs in with a later step's code.
 */
export function seededOperatorSession(baseURL: string | undefined, retry: number) {
  seededOperator ??= playwrightRequest.newContext({ baseURL }).then((request) =>
    apiSession(request, '/admin/api/login', {
      email: E2E_OPERATOR.email,
      password: E2E_OPERATOR.password,
      otp: operatorCode(retry),
    }),
  )
  return seededOperator
}

export interface ConsoleOperator {
  email: string
  password: string
  totpSecret: string
}

/**
 * A new operator with `roles`, created by the seeded admin through the console's API, as an
 * admin would: each has its own authenticator secret, so journeys never wait for a fresh code.
 */
export async function createConsoleOperator(
  baseURL: string | undefined,
  retry: number,
  roles: string[],
): Promise<ConsoleOperator> {
  const admin = await seededOperatorSession(baseURL, retry)
  const email = `${roles.join('-')}-${randomUUID().slice(0, 8)}@aurum.test`
  const password = 'Console-Operator-2026!'
  const created = await admin.post('/admin/api/operators', {
    email,
    name: `E2E ${roles.join(' and ')}`,
    roles,
    password,
  })
  expect(created.status(), await created.text()).toBe(200)
  const { data } = (await created.json()) as { data: { totpSecret: string } }
  return { email, password, totpSecret: data.totpSecret }
}

/** Signs `operator` in through the console's own form and waits for the console's frame. */
export async function signInToConsole(page: Page, operator: ConsoleOperator): Promise<void> {
  await page.goto('/admin/')
  await page.getByLabel('E-mail').fill(operator.email)
  await page.getByLabel('Password').fill(operator.password)
  const code = new TOTP({ secret: Secret.fromBase32(operator.totpSecret) }).generate()
  await page.getByLabel('Authenticator code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

let demoPlayerCookies: Promise<Cookie[]> | undefined

/**
 * Signs the context in as the demo player before its first page, with one API session shared by
 * the worker's journeys: the login dialog has journeys of its own (interface.spec.ts), the others
 * skip its typing and a password hash each. A journey that logs out signs in on its own.
 */
export async function signInAsDemoPlayer(context: BrowserContext, baseURL: string | undefined) {
  demoPlayerCookies ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL })
    await apiSession(request, '/login?json=1', {
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    })
    const { cookies } = await request.storageState()
    await request.dispose()
    return cookies
  })()
  await context.addCookies(await demoPlayerCookies)
}

/**
 * A page a test then clicks on. Pages render on the server and a click before React hydrates them
 * does nothing, so wait for `<html data-interactive>` (useInteractive), not for network quiet: on
 * the slow CI machine the phone menu's button was clicked after network quiet and did nothing.
 */
export async function gotoInteractive(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
}

/**
 * An Original's or live game's screen: the game hydrates after the page, once its own chunk is
 * in, and marks itself `data-interactive` then. With the CPU slowed eightfold, Roulette lost its
 * first chip after network quiet.
 */
export async function openGame(page: Page, path: string) {
  await page.goto(path)
  await page.locator('[data-testid$="-game"][data-interactive]').waitFor()
}

/**
 * Resolves once the page's socket.io connection is accepted (its CONNECT packet, `40`): the server
 * has joined it to the player's room by then. An event sent before that reaches no one live.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve()
      })
    })
  })
}

/**
 * A fresh player through the same sign-up call the dialog makes, signed in in this page's
 * session (the page's own token fetch starts the session: it is awaited first). Answers the
 * e-mail.
 */
/**
 * A new player, registered through the API and signed in on `page`. The deposit-limit prompt
 * (issue 26) is declined, so deposits open on the methods, unless `limitPrompt: 'leave'`.
 */
export async function registerPlayer(
  page: Page,
  overrides: {
    currency?: string
    country?: string
    locale?: string
    limitPrompt?: 'decline' | 'leave'
  } = {},
): Promise<{ email: string; password: string }> {
  const email = `player-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@aurum.test`
  const password = 'Golden-Wallet-2026'
  const pageToken = page.waitForResponse((response) => response.url().endsWith('/csrf/get-new'))
  await page.goto(`/${overrides.locale ?? 'en'}/`)
  await pageToken
  const status = await page.evaluate(
    async ({ address, secret, currency, country, locale, decline }) => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest' }
      const csrf = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
        string,
        string
      >
      const response = await fetch('/register', {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
        },
        body: JSON.stringify({
          email: address,
          password: secret,
          currency,
          terms_accepted: true,
          first_name: 'Robin',
          last_name: 'Wallet',
          birth_date: '1988-03-09',
          country,
          city: 'Tampere',
          address: 'Hämeenkatu 1',
          post_code: '33100',
          phone: '+358401234567',
          locale,
        }),
      })
      if (!response.ok || !decline) return response.status
      // Signing in started a new session, with its own token.
      const signedIn = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
        string,
        string
      >
      const declined = await fetch('/player/protection/limit-prompt', {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'X-CSRF-Token': signedIn['_csrf-frontend'] ?? '',
        },
        body: JSON.stringify({ answer: 'declined' }),
      })
      return declined.status
    },
    {
      address: email,
      secret: password,
      currency: overrides.currency ?? 'EUR',
      country: overrides.country ?? 'FI',
      locale: overrides.locale ?? 'en',
      decline: overrides.limitPrompt !== 'leave',
    },
  )
  expect(status).toBe(200)
  return { email, password }
}

/**
 * Zero serious or critical WCAG 2.2 AA violations on what the page shows now, or only inside
 * `within` (a selector: a game's frame, a studio's iframe).
 */
export async function expectAccessible(page: Page, label: string, within?: string) {
  // Contrast is measured on what is drawn: a panel still fading in has, for a few frames, text
  // fainter than it will be. Wait for the finite animations and transitions (a spinner's never
  // end) to finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const axe = new AxeBuilder({ page })
  if (within) axe.include(within)
  const results = await axe
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      label,
      id: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
  expect(serious).toEqual([])
}

/**
 * A card deposit (sandbox 4242) in the page's own session: the card goes to the sandbox PSP's
 * token endpoint, as its hosted fields send it, and the cashier's API gets only the token.
 */
export async function depositByCard(page: Page, amount: string) {
  const status = await page.evaluate(async (minor) => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest' }
    const card = (await (
      await fetch('/sandbox-psp/v1/tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          number: '4242 4242 4242 4242',
          expiry: '12/30',
          cvc: '123',
          holder: 'Robin Wallet',
        }),
      })
    ).json()) as { token: string }
    const csrf = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
      string,
      string
    >
    const response = await fetch('/payment/deposit', {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
      },
      body: JSON.stringify({
        method_id: 'card',
        currency: 'EUR',
        amount: minor,
        fields: { card_token: card.token },
        idempotency_key: crypto.randomUUID(),
      }),
    })
    return response.status
  }, amount)
  expect(status).toBe(200)
}

/**
 * Types a card into the sandbox PSP's hosted fields (a frame in step 5) and pays: the card
 * number and security code are typed into the provider's page, never into the casino's.
 */
export async function typeCardAndPay(dialog: Locator, number: string, holder = 'Alex Morgan') {
  await expect(dialog.getByTestId('deposit-step-5')).toBeVisible()
  const card = dialog.getByTestId('card-fields').locator('iframe').contentFrame()
  await card.getByLabel('Card number').fill(number)
  await card.getByLabel('Expiry (MM/YY)').fill('12/34')
  await card.getByLabel('Security code').fill('123')
  await card.getByLabel('Name on card').fill(holder)
  await dialog.getByTestId('deposit-next').click()
}

/** Cookie consent given, so the banner does not cover what a test clicks. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'aurum_cookies_accepted', value: '1', url: baseURL ?? 'http://127.0.0.1:3210' },
  ])
}

/** A studio game's page inside the casino's game screen (its iframe). */
export const studioFrame = (page: Page) => page.frameLocator('[data-testid="provider-frame"]')

/** What the studio's server answered a round's start (`/api/round`) or a move (`/api/act`). */
export interface StudioAnswer {
  round_id: string
  done: boolean
  staked: string
  payout: string
  /** The balance once the round was paid (null while the round is open or a win is on its way). */
  balance: string | null
  balance_after_stake: string | null
}

/**
 * Presses `control` (a studio page's button, or a key when `control` is a key name pressed in the
 * frame) and answers what the studio's server said to the call it made; the page's drawing of the
 * answer is waited for by the caller (its balance, its next controls).
 */
export async function playStudio(page: Page, control: Locator | { key: string }) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/studio\/demo\/api\/(round|act)$/.test(new URL(response.url()).pathname),
  )
  if ('key' in control) await page.keyboard.press(control.key)
  else await control.click()
  const response = await answered
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as StudioAnswer
}

/** An amount in minor units of EUR as the casino's header and the studio's page write it in English. */
export const euros = (minor: bigint | string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(Number(minor) / 100)

/** The signed-in player's latest bets, as the bet history page reads them (`/en/player/bets`). */
export async function latestBets(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/en/player/bets', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    return (
      (await response.json()) as {
        data: { bets: { game: string; round: string; stake: string; win: string }[] }
      }
    ).data.bets
  })
}
