import type { TFunction } from 'i18next'

/**
 * A payment method's name in the page's language. The history API names methods in the locale
 * cookie's language, which need not be the page's (a German page read with an English cookie
 * said "Card"), so the page's own catalogue (`payments.methods.<id>`) wins; a coin has no entry
 * there and keeps the brand the server gives it, or its currency code.
 */
export function paymentMethodName(
  t: TFunction,
  method: { method_id: string; method_name: string; currency: string },
): string {
  const fallback =
    method.method_name !== method.method_id
      ? method.method_name
      : method.method_id.startsWith('crypto_')
        ? method.currency
        : method.method_id
  return t(`payments.methods.${method.method_id}`, { defaultValue: fallback })
}
