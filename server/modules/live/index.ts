// The live module's public face: what other modules import.
export { chainFrom } from './chain.ts'
export { createLiveEngine, type LiveEngine } from './live-engine.ts'
export { LIVE_TIMING_DEFAULTS } from './live-timings.ts'
