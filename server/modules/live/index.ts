// The live games' public face: the round engine, its routes and timings, and what proves and
// states their return to player.
export { createLiveEngine, type LiveEngine } from './live-engine.ts'
export { liveRoutes } from './live.routes.ts'
export { LIVE_CHAIN_LENGTH_DEFAULT, LIVE_TIMING_DEFAULTS, liveTimingsOf } from './live-timings.ts'
export { STATED_LIVE_RTP, simulateLiveRtp } from './live-rtp.ts'
export { chainFrom } from './chain.ts'
export type { WireLiveBet, WireLiveRound } from './live.contract.ts'
