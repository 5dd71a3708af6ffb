// A closed-loop HTTP/1.1 load for the ledger bench: `connections` keep-alive sockets, each sending
// its next request as soon as the answer to the last one is complete. The ledger bench's
// reference is pgbench, a C client that spends about a tenth of a millisecond of CPU per
// transaction; autocannon spent two to three times that per bet on the same two cores, CPU the
// server and PostgreSQL then lacked. This client writes a prepared request string and reads
// only the status line and Content-Length of each answer.
import { connect, type Socket } from 'node:net'

export interface HttpLoadResult {
  /** Answers received. */
  answers: number
  rps: number
  p99Ms: number
  /** Answers whose status was not 2xx. */
  non2xx: number
  /** First few non-2xx answers (status line and body) to say why. */
  samples: string[]
}

export interface HttpLoadOptions {
  port: number
  connections: number
  durationS: number
  /** The whole request, head and body, for the `turn`-th request of the run. */
  request: (turn: number) => string
}

const HEAD_END = Buffer.from('\r\n\r\n')
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i

/** Runs the load and resolves when every connection has had its last answer. */
export async function httpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  const latenciesMs: number[] = []
  const samples: string[] = []
  let non2xx = 0
  let turn = 0
  let endsAt = 0

  const runConnection = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      let pending: Buffer = Buffer.alloc(0)
      let sentAt = 0
      let isDone = false
      const send = () => {
        if (performance.now() >= endsAt) {
          isDone = true
          socket.end()
          resolve()
          return
        }
        sentAt = performance.now()
        socket.write(options.request(turn++))
      }
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
        const headEnd = pending.indexOf(HEAD_END)
        if (headEnd < 0) return
        const head = pending.toString('latin1', 0, headEnd)
        const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? Number.NaN)
        if (!Number.isFinite(length)) {
          reject(new Error(`an answer without Content-Length: ${head}`))
          socket.destroy()
          return
        }
        const total = headEnd + HEAD_END.length + length
        if (pending.length < total) return
        if (pending.length > total) {
          reject(new Error('more bytes than one answer: the server sent what was not asked'))
          socket.destroy()
          return
        }
        latenciesMs.push(performance.now() - sentAt)
        // "HTTP/1.1 200 OK": the status's first digit is the tenth byte.
        if (pending[9] !== 0x32) {
          non2xx++
          if (samples.length < 3) samples.push(pending.toString('utf8'))
        }
        pending = Buffer.alloc(0)
        send()
      })
      socket.once('error', reject)
      socket.once('close', () => {
        if (!isDone) reject(new Error('the server closed a connection during the load'))
      })
      send()
    })

  const sockets = await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect({ port: options.port, host: '127.0.0.1', noDelay: true })
          socket.once('connect', () => resolve(socket))
          socket.once('error', reject)
        }),
    ),
  )
  const startedAt = performance.now()
  endsAt = startedAt + options.durationS * 1000
  await Promise.all(sockets.map(runConnection))
  const elapsedS = (performance.now() - startedAt) / 1000
  latenciesMs.sort((a, b) => a - b)
  return {
    answers: latenciesMs.length,
    rps: latenciesMs.length / elapsedS,
    p99Ms: percentile(latenciesMs, 0.99),
    non2xx,
    samples,
  }
}

/** The value at `fraction` of an ascending list (0 when empty). */
export const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0

/** An HTTP/1.1 request's head, up to its blank line, for a body of `bodyLength` bytes. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string>,
  bodyLength = 0,
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  lines.push(`content-length: ${String(bodyLength)}`)
  return `${lines.join('\r\n')}\r\n\r\n`
}
