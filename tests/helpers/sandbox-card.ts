import type { FastifyInstance } from 'fastify'

/**
 * What the sandbox PSP's hosted fields do in the browser: post the card to the PSP's token
 * endpoint (not the casino's API) and answer the one-time token a deposit carries.
 */
export async function cardToken(
  app: FastifyInstance,
  number = '4242 4242 4242 4242',
  card: { expiry?: string; cvc?: string; holder?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox-psp/v1/tokens',
    payload: {
      number,
      expiry: card.expiry ?? '12/30',
      cvc: card.cvc ?? '123',
      holder: card.holder ?? 'Robin Tester',
    },
  })
  if (response.statusCode !== 200) throw new Error(`card refused: ${response.body}`)
  return response.json<{ token: string }>().token
}
