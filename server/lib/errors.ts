/**
 * Expected failures carry a code from a closed list; `server/plugins/error-handler.ts` maps each
 * code to its HTTP status once, and the player sees `errors.<code>` translated in their language.
 */
export const ERROR_STATUS = {
  /** The request body, query or params failed validation. */
  'request.invalid': 400,
  /** An API call arrived without the `X-Requested-With: XMLHttpRequest` marker header. */
  'request.marker_missing': 400,
  /** The path or query is longer than the server accepts. */
  'request.too_long': 414,
  /** The URL could not be decoded (malformed percent-encoding). */
  'request.malformed_url': 400,
  /** No API route answers this path. */
  'request.not_found': 404,
  /** The path exists but not for this HTTP method. */
  'request.method_not_allowed': 405,
  /** Too many calls from one client within the rate-limit window. */
  'request.rate_limited': 429,
  /** A state-changing call without the session's CSRF token in `X-CSRF-Token`. */
  'csrf.invalid': 403,
  /** The visitor's country is in the blocked list. */
  'geo.country_blocked': 403,
  /**
   * Sign-in, a deposit or a bet from a country in the blocked list (the request's country, as
   * the CSRF fetch detects it): refused, nothing changed.
   */
  'geo.unavailable_in_country': 403,
  /**
   * A withdrawal requested from a country in the blocked list: refused, the balance untouched
   * (the message says the money is safe and how to get it out).
   */
  'geo.withdrawal_unavailable_in_country': 403,
  /** The path's language is not one of the site's enabled languages. */
  'site.unknown_locale': 404,
  /** The call needs a signed-in player and the session has none (or it went idle). */
  'auth.sign_in_required': 401,
  /** The signed-in account lacks the role the call needs (operator calls). */
  'auth.forbidden': 403,
  /** Login with an unknown e-mail address or a wrong password (the answer does not say which). */
  'auth.invalid_credentials': 401,
  /** No notification with this id belongs to the signed-in player. */
  'notifications.not_found': 404,
  /** An operator sent a notification to a player id no account has. */
  'notifications.player_not_found': 404,
  /**
   * An operator's promotional notice to a player under a standing protection bar (a break, a
   * closed account, a register match): not sent. A notice about their account is sent with
   * `isMarketing` false.
   */
  'notifications.player_barred': 409,
  /** An upload that is not a multipart form of one `type` field and one `file`, or is malformed. */
  'documents.invalid_form': 400,
  /** An upload whose `type` is missing or not one of the document types. */
  'documents.type_invalid': 400,
  /** An upload without a file, or with an empty one. */
  'documents.file_missing': 400,
  /** An upload with more than one file. */
  'documents.too_many_files': 400,
  /** A document file larger than 10 MB; nothing of it is stored. */
  'documents.too_large': 413,
  /** A document whose content is not JPEG, PNG or PDF, whatever its name or sent type says. */
  'documents.unsupported_type': 400,
  /** A document whose file name's extension says another type than its content (`.jpg` holding a PNG). */
  'documents.extension_mismatch': 400,
  /** The player already has the most documents waiting for review (param `max`). */
  'documents.too_many_pending': 409,
  /** No document with this id belongs to the player (or exists, for operators). */
  'documents.not_found': 404,
  /** The document was already reviewed: it can no longer be deleted or reviewed again. */
  'documents.not_pending': 409,
  /** Login with the right password but a wrong, reused or spent two-factor code. */
  'auth.otp_invalid': 401,
  /** A new two-factor secret or enabling was asked for while 2FA is already on. */
  'two_factor.already_enabled': 409,
  /** Enabling 2FA without a pending secret from `GET /player/get-two-factor-auth-secret`. */
  'two_factor.not_started': 409,
  /** Disabling 2FA while it is off. */
  'two_factor.not_enabled': 409,
  /** The two-factor code (or recovery code) is wrong, reused or spent. */
  'two_factor.code_invalid': 400,
  /** A two-factor change with a password that is not the account's. */
  'two_factor.password_invalid': 400,
  /** A reset or verification link whose token is unknown, expired, used, or for another purpose. */
  'auth.token_invalid': 400,
  /** A verification e-mail was asked for while the address is already verified. */
  'verification.email_already_verified': 409,
  /** A phone code was asked for or sent back while the profile has no phone number. */
  'verification.phone_missing': 409,
  /** A phone code was asked for or sent back while the number is already verified. */
  'verification.phone_already_verified': 409,
  /** A wrong phone code; it counted one of the code's five tries. */
  'verification.code_invalid': 400,
  /** No live phone code: it expired, used its five tries, was used, or none was sent. */
  'verification.code_expired': 400,
  /** Sign-up with an e-mail address that already has an account (any case); named on `email`. */
  'players.email_taken': 409,
  /** A password change whose current password is wrong; named on `current_password`. */
  'players.password_incorrect': 400,
  /**
   * A change of name, birth date or country once an identity document is approved: those go
   * through support. Each such field is named in `errors.fields`.
   */
  'players.identity_locked': 409,
  /** An operator call naming a player id no account has. */
  'players.not_found': 404,
  /**
   * Sign-up while the national self-exclusion register cannot answer: nothing is stored (an
   * account is opened only for someone the register was asked about); try again later.
   */
  'players.exclusion_register_unavailable': 503,
  /** A wallet switch to a currency the player has not opened (param `currency`). */
  'wallet.not_open': 409,
  /**
   * A conversion that would move money (a deposit, a crypto credit, a payout in another currency)
   * while the rate of one side (param `currency`) is older than the maximum age: the rates
   * provider has not answered. Nothing moves; it works again once the rates are refreshed.
   */
  'wallet.rates_stale': 503,
  /** A withdrawal to a destination not used before, without the password (2FA is off): the dialog asks for it. */
  'withdrawals.password_required': 403,
  /** A withdrawal to a destination not used before, without a 2FA code (2FA is on): the dialog asks for it. */
  'withdrawals.two_factor_required': 403,
  /** The password confirming a new withdrawal destination is wrong (counted; 429 after too many). */
  'withdrawals.password_invalid': 400,
  /** The 2FA code confirming a new withdrawal destination is wrong or used (counted; 429 after too many). */
  'withdrawals.two_factor_invalid': 400,
  /** A withdrawal method that does not exist, is switched off, or is not offered for this currency or the player's country (params `method`, `currency`). */
  'withdrawals.method_unavailable': 400,
  /** A withdrawal below the method's minimum for the currency (params `min`, `currency`). */
  'withdrawals.amount_below_min': 400,
  /** A withdrawal above the method's maximum for the currency (params `max`, `currency`). */
  'withdrawals.amount_above_max': 400,
  /** A withdrawal of more real money than the wallet holds (params `available`, `currency`); nothing moved. */
  'withdrawals.insufficient_funds': 409,
  /**
   * A withdrawal to another method or currency than the deposits came with, above what is free to
   * leave: deposited money must be wagered first (params `remaining` still to wager, `available`
   * to this method now, `currency` of the wallet). Nothing moved.
   */
  'withdrawals.wagering_required': 409,
  /** A withdrawal field that is missing, too long or not in the method's format (param `field`). */
  'withdrawals.field_invalid': 400,
  /** A bank withdrawal to an IBAN whose checksum or format is wrong. */
  'withdrawals.iban_invalid': 400,
  /** A card withdrawal to a card the player never deposited with. */
  'withdrawals.card_unknown': 400,
  /** A withdrawal above the KYC threshold (params `threshold`, `currency`) without an approved identity document. */
  'withdrawals.kyc_required': 403,
  /** A withdrawal above the KYC threshold (params `threshold`, `currency`) while the e-mail address is unverified. */
  'withdrawals.email_unverified': 403,
  /** An idempotency key used before for a withdrawal with another method, currency or amount. */
  'withdrawals.idempotency_conflict': 409,
  /** No withdrawal with this id belongs to the player (or exists, for operators). */
  'withdrawals.not_found': 404,
  /** The withdrawal is no longer pending: it cannot be cancelled, approved or rejected again. */
  'withdrawals.not_pending': 409,
  /**
   * The payment provider refused the payout of an approved withdrawal; it stays pending and held.
   * A 4xx on purpose: only `server.internal` is a 5xx, and the operator can act on this answer.
   */
  'withdrawals.payout_failed': 409,
  /**
   * Four-eyes: the operator who gave a withdrawal its first approval approved it again (from any
   * session); only another operator's approval pays it out.
   */
  'withdrawals.second_approver_required': 409,
  /** A payment method id that is unknown or switched off (for this direction). */
  'payments.method_not_found': 404,
  /** A payment method not offered in the player's country. */
  'payments.method_not_available': 403,
  /** The method does not move this currency, or not into the player's current wallet (param `currency`). */
  'payments.currency_not_offered': 400,
  /** An amount that is zero, negative or not a whole number of the currency's minor units. */
  'payments.amount_invalid': 400,
  /** An amount below the method's minimum for the currency (params `min`, `currency`). */
  'payments.amount_below_min': 400,
  /** An amount above the method's maximum for the currency (params `max`, `currency`). */
  'payments.amount_above_max': 400,
  /** Method fields missing or malformed (an IBAN, a card token…): named in `errors.fields`. */
  'payments.fields_invalid': 400,
  /**
   * A payment request naming a card number or security code field: the card provider's hosted
   * fields take those, never our API (PCI DSS SAQ A). Refused whole; nothing is read or stored.
   */
  'payments.card_data_refused': 400,
  /** The method needs profile fields the player has not filled: named in `errors.fields`. */
  'payments.player_fields_missing': 409,
  /** The deposit is above what the player's deposit limits leave (params `remaining`, `period`). */
  'payments.deposit_limit_exceeded': 409,
  /**
   * A real-money stake above what the player's wager limit leaves: the stakes of the window plus
   * this one would pass it (params `remaining`, `currency`, `period`, `hours` until the window's
   * oldest bet leaves it). Nothing moves.
   */
  'limits.wager_exceeded': 409,
  /**
   * A real-money stake above what the player's loss limit leaves: the net loss of the window
   * (stakes minus payouts) plus this stake would pass it (same params). Nothing moves.
   */
  'limits.loss_exceeded': 409,
  /**
   * Player protection (issue 26, docs/decisions/018): a bet, deposit, bonus, reward, tournament or
   * shop call from a player who may not play now. Nothing moves. `time_out` and a lapsing
   * `self_exclusion` carry `waitSeconds` until play reopens.
   */
  'protection.time_out': 409,
  'protection.self_exclusion': 409,
  'protection.closed': 409,
  /** The external self-exclusion register lists the player. */
  'protection.register': 409,
  /** A reality check waits for the player's answer; bets wait with it. */
  'protection.reality_check': 409,
  /** The daily play-time limit is reached (`limit` minutes, `waitSeconds` until time frees up). */
  'protection.play_time': 409,
  /** A slot spin sooner than the player's jurisdiction's minimum game cycle (`seconds`). */
  'protection.slot_cycle': 409,
  /** A break shorter than (ending before) the one in force: a break is never shortened. */
  'protection.break_shorter': 409,
  /** The self-exclusion's lapse asked for before its period has run (`waitSeconds`). */
  'protection.lapse_too_early': 409,
  /** A lapse asked for without a self-exclusion, or asked for twice. */
  'protection.no_lapse': 409,
  /** The player's jurisdiction keeps the reality check on (any interval may be picked). */
  'protection.reality_check_required': 409,
  /** Closing an account that holds money or a withdrawal in progress: withdraw first. */
  'protection.close_balance': 409,
  /** Sign-up refused: the external self-exclusion register lists the person. */
  'protection.register_signup': 403,
  /** An operator's reopen of an account that is not closed, or is under a break. */
  'protection.reopen_refused': 409,
  /** Sign-in to an account the player closed: support reopens it. */
  'auth.account_closed': 403,
  /** A saved account that is not the player's, or not of this method. */
  'payments.saved_profile_not_found': 404,
  /** The idempotency key was used before for another method, currency or amount. */
  'payments.idempotency_key_reused': 409,
  /** No payment with this id belongs to the player (or is of the kind the call acts on). */
  'payments.transaction_not_found': 404,
  /** The payment is no longer waiting for this step (already completed, failed or cancelled). */
  'payments.transaction_not_pending': 409,
  /** An operator's bank-transfer confirmation in another currency than the deposit's (param `currency`). */
  'payments.confirm_currency_mismatch': 400,
  /** A webhook for a provider that sends none. */
  'payments.provider_unknown': 404,
  /** A webhook whose Standard Webhooks headers or signature are missing or wrong. */
  'payments.webhook_signature_invalid': 401,
  /** A webhook whose timestamp is more than five minutes from now. */
  'payments.webhook_timestamp_invalid': 401,
  /** A signed webhook whose payload is not one the provider sends (or names an unknown address). */
  'payments.webhook_payload_invalid': 400,
  /** A game bet whose choices are outside the game's rules (a Dice line beyond 98 % to win…). */
  'games.bet_invalid': 400,
  /** A stake below the game's minimum in that currency (params `min`, `currency`). */
  'games.stake_below_min': 400,
  /** A stake above the game's maximum in that currency (params `max`, `currency`). */
  'games.stake_above_max': 400,
  /** A bet in a currency other than the player's current wallet (param `currency`). */
  'games.currency_not_current': 409,
  /** A stake larger than the cash in the wallet (params `available`, `currency`); nothing moved. */
  'games.insufficient_funds': 409,
  /**
   * A stake above the active bonus's maximum bet while it is being wagered (params `max`,
   * `currency`); nothing moved.
   */
  'wagering.max_bet': 409,
  /** The same bet (client request id) is being placed by a parallel request; retry to see it. */
  'games.bet_in_progress': 409,
  /** No bet with this id belongs to the signed-in player. */
  'games.bet_not_found': 404,
  /** A Mines round was started while the player still has one in play (finish or resume it). */
  'games.mines_round_active': 409,
  /** No Mines round with this id belongs to the signed-in player. */
  'games.mines_round_not_found': 404,
  /** The Mines round has already ended (a mine was hit or it was cashed out). */
  'games.mines_round_over': 409,
  /** A Mines tile that this round has already opened. */
  'games.mines_tile_revealed': 409,
  /** A Mines cash-out before any tile was opened. */
  'games.mines_nothing_revealed': 409,
  /** A Mines round whose seed pair was revealed while it ran: it cannot go on (support settles it). */
  'games.mines_seed_revealed': 409,
  /** A studio game no integrated provider runs (yet), or demo asked of a game that offers none. */
  'games.launch_unavailable': 404,
  /** A live bet when the round is no longer taking bets (its betting window closed). */
  'games.live_betting_closed': 409,
  /** A Crash cash-out after the crash point (or after the round ended): the bet is lost. */
  'games.live_round_over': 409,
  /** A Crash cash-out while bets are still being taken: the round has not started. */
  'games.live_round_not_started': 409,
  /** A second Crash bet on one round (one bet per player and round). */
  'games.live_bet_exists': 409,
  /**
   * Live Roulette bets of one player on one round would together stake more than the game's
   * maximum (params `max`, `remaining`: what is left on the round, `currency`); nothing moved.
   */
  'games.live_round_stake_above_max': 409,
  /** No live bet with this id belongs to the signed-in player. */
  'games.live_bet_not_found': 404,
  /** No live round with this number has been played in this game. */
  'games.live_round_not_found': 404,
  /** No game with this slug or id is shown to the visitor (unknown, switched off or restricted there). */
  'catalogue.game_not_found': 404,
  /** No promotion with this id is shown in this locale and country (unknown, disabled, out of its dates). */
  'promotions.not_found': 404,
  /** An operator created a promotion with an id another one has. */
  'promotions.exists': 409,
  /** Issue 23. No quest, achievement or category with this id (operator calls). */
  'quests.not_found': 404,
  /** A quest or achievement names a category that does not exist or holds the other kind. */
  'quests.unknown_category': 400,
  /** A quest, achievement or category slug another one has. */
  'quests.slug_taken': 409,
  /** Operator texts that leave a locale out or empty (param `locale`). */
  'quests.texts_incomplete': 400,
  /** A trigger without exactly one progress marker rule. */
  'quests.progress_marker': 400,
  /** A change would delete a task or trigger players have progress in: disable the quest instead. */
  'quests.in_use': 409,
  /** A repeating quest, or an achievement with a time window or a repeat. */
  'quests.invalid_schedule': 400,
  /** Back office (issue 27), site content. No CMS page with this id. */
  'site.page_not_found': 404,
  /** The locale has a CMS page at this path already. */
  'site.page_path_taken': 409,
  /** A menu name that is not one of the site's menus (param `menu`). */
  'site.menu_unknown': 404,
  /** Settings that cannot stand together or name what does not exist: the fields are named. */
  'site.settings_invalid': 400,
  /** A translation key the locale's shipped catalogue does not have (param `key`). */
  'site.translation_key_unknown': 404,
  /** An override whose `{{placeholders}}` differ from the shipped text's (param `expected`). */
  'site.translation_placeholders': 400,
  /** No redirect with this id. */
  'site.redirect_not_found': 404,
  /** The address has a redirect already. */
  'site.redirect_exists': 409,
  /** The redirect would lead back to its own address, at once or through others. */
  'site.redirect_loop': 400,
  /** `url` is not one of the feature pages (`lottery`, `quests`, `achievements`, `fortune-wheel`, `lootboxes`). */
  'page_components.unknown_page': 400,
  /** The socket handshake token is missing, malformed or expired. */
  'realtime.unauthorized': 401,
  /** Anything unexpected; details are logged, never sent. */
  'server.internal': 500,
  /** Bonuses (issue 22). A code that is not one of the bonus codes. */
  'bonus.unknown_code': 400,
  /** No bonus with this id belongs to the signed-in player (someone else's answers the same). */
  'bonus.not_found': 404,
  /** The operator has switched this bonus off. */
  'bonus.disabled': 409,
  /** A welcome bonus for another deposit than the player's next (param `number`). */
  'bonus.wrong_deposit': 409,
  /** A time-boxed bonus outside its box (Wednesday, the weekend, 14 February, UTC). */
  'bonus.window_closed': 409,
  /** The player has had this bonus already (once, or once per box). */
  'bonus.already_taken': 409,
  /** The player's limits bar them from play, so no bonus is offered. */
  'bonus.barred': 409,
  /** Another bonus is active: one at a time. */
  'bonus.already_active': 409,
  /** An offer still waiting for its qualifying deposit (params `min`, `max`, `currency`). */
  'bonus.needs_deposit': 409,
  /** The bonus has ended (completed, expired, cancelled or declined). */
  'bonus.already_ended': 409,
  /**
   * Loyalty (issue 23). Levels an operator sent that are not numbered 1, 2, 3… in order, the
   * first from 0 points, each from more points than the one before.
   */
  'loyalty.levels_unordered': 400,
  /** VIP tiers an operator sent that are not numbered 1, 2, 3… in order from rising levels. */
  'loyalty.tiers_unordered': 400,
  /** A VIP tier from a level the levels table lacks (param `level`). */
  'loyalty.tier_level_unknown': 409,
  /**
   * A withdrawal that takes the player's withdrawals of the last 24 hours above their daily
   * limit (the VIP tier's, or the base one): params `limit`, `remaining`, `currency`.
   */
  'withdrawals.daily_limit': 409,
  /** Rewards (issue 24). The player's limits bar them from play: no spin, opening, purchase or entry. */
  'rewards.barred': 409,
  /** No draw with this id belongs to the signed-in player. */
  'rewards.draw_not_found': 404,
  /** Operator calls: no wheel, lootbox, shop item or lottery with this id. */
  'rewards.not_found': 404,
  /** Operator calls: a slug another wheel, lootbox, shop item or lottery has. */
  'rewards.slug_taken': 409,
  /** Operator texts that leave a locale out or empty (param `locale`). */
  'rewards.texts_incomplete': 400,
  /** An odds table without entries, or with a weight that is not a positive integer, or summing past 2^21. */
  'rewards.odds_invalid': 400,
  /** A prize above the caps, or naming a lootbox or game that does not exist (param `reason`). */
  'rewards.invalid_prize': 400,
  /** A change would remove something players hold or have drawn: disable it instead. */
  'rewards.in_use': 409,
  /** No prize wheel is offered. */
  'wheel.not_found': 404,
  /** The player has no spin of the wheel waiting. */
  'wheel.no_spin': 409,
  /** No lootbox with this id belongs to the signed-in player (someone else's answers the same). */
  'lootbox.not_found': 404,
  /** The lootbox expired unopened. */
  'lootbox.expired': 409,
  /** The lootbox was opened already. */
  'lootbox.already_opened': 409,
  /** No shop item with this id is on sale. */
  'shop.item_not_found': 404,
  /** The player's coins do not cover the price (params `price`, `coins`). */
  'shop.not_enough_coins': 409,
  /** The item's stock is sold out. */
  'shop.sold_out': 409,
  /** The player bought the item as often as its limit allows in its period (params `limit`, `period`). */
  'shop.limit_reached': 409,
  /** The purchase key was used for another item. */
  'shop.key_reused': 409,
  /** A lottery ticket while no lottery sells tickets. */
  'shop.no_open_lottery': 409,
  /** No lottery with this id. */
  'lottery.not_found': 404,
  /** The lottery does not sell or give tickets now (before its sales open, or after they close). */
  'lottery.closed': 409,
  /** The tickets would take the player past the lottery's limit per player (param `max`). */
  'lottery.ticket_limit': 409,
  /** No enabled tournament with this id. */
  'tournament.not_found': 404,
  /** The tournament no longer takes players (it ended), or its rules no longer change (it started). */
  'tournament.closed': 409,
  /** The player joined this tournament already. */
  'tournament.already_joined': 409,
  /** The money entry fee is more than the wallet's cash (params `amount`, `currency`). */
  'tournament.not_enough_funds': 409,
  /** The coin entry fee is more than the player's coins (param `fee`, in coins). */
  'tournament.not_enough_coins': 409,
  /** A money fee, and the player holds no wallet in a currency the tournament plays in (param `currencies`). */
  'tournament.no_wallet': 409,
  /** A money fee needs `currency`: one of the player's wallets the tournament plays in (param `currencies`). */
  'tournament.currency_required': 400,
  /** A player barred from play (time-out, self-exclusion, a limit reached) cannot join. */
  'tournament.barred': 409,
  /** An operator's tournament is not well formed (param `reason`: schedule, prizes, games, seed). */
  'tournament.invalid': 400,
  /** Sign-in to an account an operator locked (right password and code): nothing is signed in. */
  'auth.account_locked': 403,
  /** An operator's lock of an account that is already locked. */
  'players.already_locked': 409,
  /** An operator's unlock of an account that is not locked. */
  'players.not_locked': 409,
  /** No balance adjustment with this id. */
  'adjustments.not_found': 404,
  /** The adjustment was already approved or rejected. */
  'adjustments.not_pending': 409,
  /** Four-eyes: the operator who asked for an adjustment cannot decide it, whatever the session. */
  'adjustments.same_operator': 409,
  /** An adjustment worth more than the cap (param `max`, EUR-equivalent). */
  'adjustments.over_cap': 400,
  /** A debit larger than the player's cash in that currency (params `available`, `currency`). */
  'adjustments.exceeds_cash': 409,
  /** No operator account with this id. */
  'operators.not_found': 404,
  /** A new operator account with an e-mail address another operator has; named on `email`. */
  'operators.email_taken': 409,
  /** An admin disabling their own account or removing their own admin role. */
  'operators.own_account': 409,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export class AppError extends Error {
  readonly code: ErrorCode
  readonly params: Record<string, string | number>
  readonly details: unknown

  constructor(
    code: ErrorCode,
    options: {
      message?: string
      params?: Record<string, string | number>
      details?: unknown
      cause?: unknown
    } = {},
  ) {
    super(options.message ?? code, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.params = options.params ?? {}
    this.details = options.details
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/**
 * Why one form field was refused. Each code is shown as `errors.fields.<code>` in the player's
 * language, beside the field; a field schema names its own code through zod's `error` option.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'too_long',
  'invalid',
  'email_invalid',
  'email_taken',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'password_is_email',
  'password_incorrect',
  'currency_unsupported',
  'country_unknown',
  'country_blocked',
  'birth_date_invalid',
  'under_age',
  'phone_invalid',
  'terms_required',
  'locale_unknown',
  'identity_locked',
  'default_locale_missing',
] as const
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number]

export interface FieldProblem {
  code: FieldErrorCode
  params?: Record<string, string | number>
}
/** Refused fields by their name in the request body (`email`, `first_name`, a method field…). */
export type FieldProblems = Record<string, FieldProblem>

/**
 * The one refusal that names the fields at fault, whichever module raises it: the error handler
 * answers it with `errors.fields` holding one translated message per field, keyed exactly as the
 * body names them.
 */
export class FieldErrors extends AppError {
  readonly problems: FieldProblems

  constructor(problems: FieldProblems, code: ErrorCode = 'request.invalid') {
    super(code, { details: problems })
    this.name = 'FieldErrors'
    this.problems = problems
  }
}
