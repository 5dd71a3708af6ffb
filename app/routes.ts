import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * The route table, each route once under the `:locale` prefix, grouped by the layout
 * it renders in. `routes.test.ts` checks this table against the spec's list.
 */
const section = (path: string, id: string) => route(path, 'routes/section-page.tsx', { id })

export default [
  index('routes/home.tsx', { id: 'root-home' }),
  route('site/restricted', 'routes/site/restricted.tsx'),
  route('privacy-policy', 'routes/site/privacy-policy.tsx', { id: 'root-privacy-policy' }),
  // The operators' console: its own frame, strings and chunks, outside the locale prefixes.
  route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
    route('site/pages', 'routes/admin/site-pages.tsx', { id: 'admin-site-pages' }),
    route('site/pages/:id', 'routes/admin/site-page.tsx', { id: 'admin-site-page' }),
    route('site/menus', 'routes/admin/site-menus.tsx', { id: 'admin-site-menus' }),
    route('site/settings', 'routes/admin/site-settings.tsx', { id: 'admin-site-settings' }),
    route('site/countries', 'routes/admin/site-countries.tsx', { id: 'admin-site-countries' }),
    route('site/translations', 'routes/admin/site-translations.tsx', {
      id: 'admin-site-translations',
    }),
    route('site/redirects', 'routes/admin/site-redirects.tsx', { id: 'admin-site-redirects' }),
    index('routes/admin/dashboard.tsx', { id: 'admin-dashboard' }),
    route('operators', 'routes/admin/operators.tsx', { id: 'admin-operators' }),
    route('audit', 'routes/admin/audit.tsx', { id: 'admin-audit' }),
    route('reports', 'routes/admin/reports.tsx', { id: 'admin-reports' }),
    route('content/:resource', 'routes/admin/content.tsx', { id: 'admin-content' }),
    route('content/:resource/:id', 'routes/admin/content-item.tsx', { id: 'admin-content-item' }),
    route('players', 'routes/admin/players.tsx', { id: 'admin-players' }),
    route('players/:id', 'routes/admin/player.tsx', { id: 'admin-player' }),
    route('adjustments', 'routes/admin/adjustments.tsx', { id: 'admin-adjustments' }),
    route('queues/kyc', 'routes/admin/queue-kyc.tsx', { id: 'admin-queue-kyc' }),
    route('queues/withdrawals', 'routes/admin/queue-withdrawals.tsx', {
      id: 'admin-queue-withdrawals',
    }),
    route('queues/bank-deposits', 'routes/admin/queue-bank-deposits.tsx', {
      id: 'admin-queue-bank',
    }),
    route('queues/crypto', 'routes/admin/queue-crypto.tsx', { id: 'admin-queue-crypto' }),
  ]),
  route(':locale', 'routes/locale-layout.tsx', [
    layout('routes/layouts/default.tsx', [
      index('routes/home.tsx', { id: 'home' }),
      route('lobby/c/:category', 'routes/casino/lobby.tsx', { id: 'lobby-category' }),
      route('lobby/p/:provider', 'routes/casino/lobby.tsx', { id: 'lobby-provider' }),
      route('live/c/:category', 'routes/casino/lobby.tsx', { id: 'live-category' }),
      route('live/p/:provider', 'routes/casino/lobby.tsx', { id: 'live-provider' }),
      route('promotions', 'routes/promotions/list.tsx', { id: 'promotions' }),
      route('shop', 'routes/rewards/shop.tsx', { id: 'shop' }),
      route('shop/*', 'routes/rewards/shop.tsx', { id: 'shop-filters' }),
      route('achievements', 'routes/engagement/achievements.tsx', { id: 'achievements' }),
      route('lootboxes', 'routes/rewards/lootboxes.tsx', { id: 'lootboxes' }),
      route('lottery', 'routes/rewards/lottery.tsx', { id: 'lottery' }),
      route('loyalty', 'routes/engagement/loyalty.tsx', { id: 'loyalty' }),
      route('quests', 'routes/engagement/quests.tsx', { id: 'quests' }),
      route('tourneys', 'routes/tournaments/list.tsx', { id: 'tourneys' }),
      route('vip', 'routes/engagement/vip.tsx', { id: 'vip' }),
      route('wheel', 'routes/rewards/wheel.tsx', { id: 'wheel' }),
    ]),
    layout('routes/layouts/noaside.tsx', [
      route('promotions/:id', 'routes/promotions/details.tsx', { id: 'promotion-details' }),
      route('quests-details/:id', 'routes/engagement/quest-details.tsx', { id: 'quest-details' }),
      route('tournament-details/t/:id', 'routes/tournaments/details.tsx', {
        id: 'tournament-details',
      }),
      route('a/password-reset', 'routes/account/password-reset.tsx', { id: 'password-reset' }),
      route('a/verify-email', 'routes/account/verify-email.tsx', { id: 'verify-email' }),
      route('verify', 'routes/casino/verify.tsx', { id: 'verify' }),
    ]),
    layout('routes/layouts/no-footer.tsx', [
      section('game', 'game'),
      route('game/:slug', 'routes/casino/game.tsx', { id: 'game-play' }),
    ]),
    layout('routes/layouts/json-default.tsx', [
      section('json', 'json'),
      section('buttons', 'buttons'),
      section('components', 'components'),
    ]),
    layout('routes/layouts/page.tsx', [
      route('tc', 'routes/legal-page.tsx', { id: 'tc' }),
      route('privacy-policy', 'routes/legal-page.tsx', { id: 'privacy-policy' }),
      route('bonus-terms', 'routes/promotions/bonus-terms.tsx', { id: 'bonus-terms' }),
      route('responsible-gambling', 'routes/legal-page.tsx', { id: 'responsible-gambling' }),
      route('complaints', 'routes/legal-page.tsx', { id: 'complaints' }),
      route('*', 'routes/catch-all.tsx', { id: 'catch-all' }),
    ]),
    layout('routes/layouts/account.tsx', [
      route('account', 'routes/account/account-tab.tsx', { id: 'account' }),
      route('account/:tab', 'routes/account/account-tab.tsx', { id: 'account-tab' }),
      route('account/:tab/:subtab', 'routes/account/account-tab.tsx', { id: 'account-subtab' }),
    ]),
  ]),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig
