/** The settings calls, with `{lang}` where the path names a locale. */
export const SETTINGS_API_PATHS = [
  '/{lang}/settings',
  '/{lang}/translations/all',
  '/{lang}/settings/footer',
  '/{lang}/settings/sidebar',
  '/{lang}/settings/header',
  '/{lang}/settings/footer/menus',
  '/{lang}/rest-content/get-menus',
] as const
