// `tsx tests/helpers/engagement-drain-child.ts <database url>`: one engagement drain that kills its
// own process with SIGKILL after every write and before the commit (the engine's crash test).
import { openDatabase } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { drainOnce } from '#server/modules/engagement/engine.ts'
import { drainDepsOf } from './engagement.ts'

const [url] = process.argv.slice(2)
if (!url) throw new Error('usage: engagement-drain-child.ts <database url>')
const database = await openDatabase({ url })
const bus = await createEventBus({ onListenerError: () => {} })
await drainOnce(drainDepsOf(database.db, bus), {
  beforeCommit: () => {
    process.kill(process.pid, 'SIGKILL')
    // The signal lands before the commit: this never resolves.
    return new Promise<void>(() => {})
  },
})
throw new Error('the drain committed')
