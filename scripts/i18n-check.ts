// `npm run i18n:check`: lists every missing, extra, mis-placeholdered or untranslated string.
import { checkCatalogs } from '#server/modules/site/catalog-check.ts'

const problems = checkCatalogs()
for (const problem of problems) console.log(problem)
console.log(problems.length === 0 ? 'All 16 locales are complete.' : `${problems.length} problems`)
process.exit(problems.length === 0 ? 0 : 1)
