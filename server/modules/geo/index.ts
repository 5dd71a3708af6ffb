// The geo module's public face: the visitor's country, and the blocked-country check.
export { countryGuard } from './country-guard.ts'
export { detectCountry } from './geo.ts'
