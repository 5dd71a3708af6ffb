// `npm run i18n:check`: lists every missing, extra, mis-placeholdered or untranslated string,
// every seeded payment method without a name in some locale, and every game category or kind
// without one.
import { seededMethodNames } from '#db/seed/payment-methods.ts'
import {
  checkCatalogs,
  checkGameNames,
  checkPaymentMethodNames,
} from '#server/modules/site/catalog-check.ts'

const problems = [
  ...checkCatalogs(),
  ...checkPaymentMethodNames(seededMethodNames()),
  ...checkGameNames(),
]
for (const problem of problems) console.log(problem)
console.log(problems.length === 0 ? 'All 16 locales are complete.' : `${problems.length} problems`)
process.exit(problems.length === 0 ? 0 : 1)
