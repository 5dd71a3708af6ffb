import fp from 'fastify-plugin'

/**
 * Security headers on every answer. They vary only with TLS, so both sets are built once: a
 * general-purpose middleware rebuilt the policy string on every request, a measurable share of an
 * API call's cost (docs/benchmarks.md). Pages replace the CSP with their own (plugins/ssr.ts).
 */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    ...(options.hsts && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  }
}

export default fp(
  async (app, options: { hsts: boolean }) => {
    const headers = securityHeaders(options)
    // A request that came over TLS gets HSTS even when the public address is not set to https.
    const tlsHeaders = securityHeaders({ hsts: true })
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(request.protocol === 'https' ? tlsHeaders : headers)
      done()
    })
  },
  { name: 'security-headers' },
)
