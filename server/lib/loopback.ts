import type { FastifyRequest } from 'fastify'

/**
 * Whether the request came from this machine: the socket's own peer address, never a header
 * (`X-Forwarded-For` and `request.ip` are what a client or a proxy says). Note: behind a reverse
 * proxy on the same machine every request is loopback, which is why the development pages that
 * use this also stay off on a public start.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress
  if (address === undefined) return false
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)
}
