// `tsx tests/helpers/lottery-draw-child.ts <database url>`: an instance that works the
// `lottery-draws` queue, asks for a run now, and kills its own process with SIGKILL after every
// write of the draw and before its commit (the draw's crash test). The job stays taken by the dead
// instance until its lease (2 s) runs out.
import { openDatabase } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { createJobs } from '#server/lib/jobs.ts'
import { drawDueLottery, LOTTERY_DRAWS_QUEUE } from '#server/modules/rewards/lottery-draw.ts'
import { drainDepsOf } from './engagement.ts'
import { testSecretBox } from './test-secrets.ts'

const [url] = process.argv.slice(2)
if (!url) throw new Error('usage: lottery-draw-child.ts <database url>')
const database = await openDatabase({ url })
const bus = await createEventBus({ onListenerError: () => {} })
const words = drainDepsOf(database.db, bus)
const jobs = createJobs(database.db, { work: true, log: words.log, pollingIntervalSeconds: 0.1 })
jobs.define(
  LOTTERY_DRAWS_QUEUE,
  async () => {
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
  },
  { expireInSeconds: 2, retryLimit: 3, retryDelaySeconds: 1 },
)
await jobs.start()
await jobs.runAt(LOTTERY_DRAWS_QUEUE, new Date(), 'killed-draw')
setTimeout(() => {
  process.stderr.write('the draw never ran\n')
  process.exit(1)
}, 20_000)
