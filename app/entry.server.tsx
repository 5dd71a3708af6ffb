import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyEvent =
      isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />,
      {
        nonce: loadContext.cspNonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('Cache-Control', 'no-store')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          body.once('end', () => clearTimeout(timer))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)))
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged by the server; before it, they reject above.
          if (shellRendered) console.error(error)
        },
      },
    )
    // Give up on a render that hangs, and stop the timer once the body has been sent.
    const timer = setTimeout(abort, streamTimeout + 1000)
    timer.unref()
  })
}
