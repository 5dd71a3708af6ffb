// The geo module's public face: what other modules import.
export { countryGuard } from './country-guard.ts'
export { detectCountry } from './geo.ts'
