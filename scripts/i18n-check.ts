// `npm run i18n:check`: lists every missing, extra, mis-placeholdered or untranslated string, and
// every seeded payment method without a name in some locale.
import { seededMethodNames } from '#db/seed/payment-methods.ts'
import { checkCatalogs, checkPaymentMethodNames } from '#server/modules/site/catalog-check.ts'

const problems = [...checkCatalogs(), ...checkPaymentMethodNames(seededMethodNames())]
for (const problem of problems) console.log(problem)
console.log(problems.length === 0 ? 'All 16 locales are complete.' : `${problems.length} problems`)
process.exit(problems.length === 0 ? 0 : 1)
