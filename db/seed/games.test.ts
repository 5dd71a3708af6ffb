import { describe, expect, it } from 'vitest'
import { STATED_LIVE_RTP } from '#server/modules/live/live-rtp.ts'
import { STATED_RTP } from '#server/modules/originals/engines/rtp.ts'
import { seedGameList } from './games.ts'

// The game panel shows the catalogue's RTP; for our own games it must be what the rules state
// (Crash was seeded at 99 % while its rules pay 97 %).
describe('the seeded RTP of our own games', () => {
  const stated: Record<string, number> = { ...STATED_RTP, ...STATED_LIVE_RTP }
  const ownGames = seedGameList().filter((game) => game.kind === 'original' || game.kind === 'live')

  it.each(ownGames.map((game) => [game.slug, game] as const))(
    '%s shows the RTP its rules state, to the basis point',
    (_slug, game) => {
      const rule = stated[game.engine]
      expect(rule).toBeDefined()
      expect(Math.abs(game.rtpBp - (rule ?? 0) * 10_000)).toBeLessThanOrEqual(0.5)
    },
  )
})
