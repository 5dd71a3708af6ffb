// The players' public face: accounts, their passwords and profile, for other modules and flows.
export { createPlayerInfoCache, type PlayerInfoCache } from './player-info-cache.ts'
export { currencySymbol } from './player-info.ts'
export { FIAT_CURRENCIES, SUPPORTED_CURRENCIES, SignedInPlayerSchema } from './players.contract.ts'
export {
  findPlayerByEmail,
  findPlayerSummary,
  normaliseEmail,
  type PlayerSummary,
  insertPlayer,
} from './players.repo.ts'
export {
  hashPassword,
  needsRehash,
  setPasswordHashNice,
  verifyPassword,
  parseArgon2Parameters,
} from './passwords.ts'
export { passwordProblem } from './password-policy.ts'
export { createPlayer, validateRegistration, type Registration } from './register-player.ts'
export { publicName } from './public-name.ts'
export { lockPlayer, unlockPlayer } from './player-lock.ts'
export { addPlayerNote, listPlayerNotes, type PlayerNote } from './player-notes.ts'
