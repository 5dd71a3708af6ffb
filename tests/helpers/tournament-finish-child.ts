// `tsx tests/helpers/tournament-finish-child.ts <database url> <tournament id>`: one tournament
// finish that stops after every write (every prize paid, results written, seeds revealed) and
// before its commit, prints `ready <pid>` and waits: the parent SIGKILLs that pid (this
// process, not the npx or tsx wrapper around it) mid-payout.
import { openDatabase } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { finishTournament } from '#server/modules/tournaments/schedule.ts'
import { drainDepsOf } from './engagement.ts'
import { testSecretBox } from './test-secrets.ts'

const [url, id] = process.argv.slice(2)
if (!url || !id) throw new Error('usage: tournament-finish-child.ts <database url> <tournament id>')
const database = await openDatabase({ url })
const bus = await createEventBus({ onListenerError: () => {} })
const words = drainDepsOf(database.db, bus)
const outcome = await finishTournament(
  {
    db: database.db,
    bus,
    secretBox: testSecretBox,
    messages: words.messages,
    log: words.log,
    jobs: {
      runAt: () => Promise.reject(new Error('the child finishes an ended tournament only')),
    },
  },
  Number(id),
  {
    beforeCommit: () => {
      process.stdout.write(`ready ${process.pid}\n`)
      // The parent's signal lands here: this never resolves.
      return new Promise<void>(() => {})
    },
  },
)
throw new Error(`the finish ended without its kill: ${outcome}`)
