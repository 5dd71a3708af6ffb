// Apart from the drain so that other modules (a tournament's end waits for the inbox) read it
// through the index without loading the drain and what it imports.

/** Failed drains after which a row drained on its own is parked (`engagementEvents.attempts`). */
export const MAX_EVENT_ATTEMPTS = 5
