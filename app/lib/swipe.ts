/** A swipe closes a modal past 10 % of its size or when faster than 300 ms. */
export const SWIPE_CLOSE_RATIO = 0.1
export const SWIPE_CLOSE_FAST_MS = 300
/** Shorter movements are taps or jitter, however quick. */
export const SWIPE_MIN_DISTANCE_PX = 12

export interface Swipe {
  /** Distance moved towards closing (down for a sheet); negative when moved the other way. */
  distancePx: number
  /** The modal's size along the swipe. */
  sizePx: number
  durationMs: number
}

export function shouldCloseOnSwipe({ distancePx, sizePx, durationMs }: Swipe): boolean {
  if (distancePx < SWIPE_MIN_DISTANCE_PX) return false
  return distancePx > sizePx * SWIPE_CLOSE_RATIO || durationMs < SWIPE_CLOSE_FAST_MS
}
