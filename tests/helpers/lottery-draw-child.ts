// `tsx tests/helpers/lottery-draw-child.ts <database url>`: one lottery draw that kills its own
// process with SIGKILL after every write and before the commit (the draw's crash test).
import { openDatabase } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { drawDueLottery } from '#server/modules/rewards/lottery-draw.ts'
import { drainDepsOf } from './engagement.ts'
import { testSecretBox } from './test-secrets.ts'

const [url] = process.argv.slice(2)
if (!url) throw new Error('usage: lottery-draw-child.ts <database url>')
const database = await openDatabase({ url })
const bus = await createEventBus({ onListenerError: () => {} })
const words = drainDepsOf(database.db, bus)
await drawDueLottery(
  { db: database.db, bus, secretBox: testSecretBox, messages: words.messages, log: words.log },
  {
    beforeCommit: () => {
      process.kill(process.pid, 'SIGKILL')
      // The signal lands before the commit: this never resolves.
      return new Promise<void>(() => {})
    },
  },
)
throw new Error('the draw committed')
