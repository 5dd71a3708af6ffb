/**
 * The analytics events; the adapter posts them only when an analytics URL is configured.
 * 'deposit step' carries the tracked deposit steps (payment methods, amount, player info,
 * method info) as its `step` property.
 */
export type AnalyticsEvent =
  | 'deposit modal opened'
  | 'deposit step'
  | 'page visited'
  | 'locale changed'
  | 'notification clicked'
  | 'coins issued'
  | 'balance updated'

export interface Analytics {
  track(event: AnalyticsEvent, properties?: Record<string, string | number | boolean>): void
}

export function createAnalytics(url: string | null): Analytics {
  if (!url) return { track: () => {} }
  return {
    track(event, properties = {}) {
      const body = JSON.stringify({ event, properties, at: new Date().toISOString() })
      // sendBeacon survives page unloads; fetch keepalive is the fallback.
      if (!navigator.sendBeacon(url, body)) {
        void fetch(url, {
          method: 'POST',
          body,
          keepalive: true,
          headers: { 'content-type': 'application/json' },
        }).catch(() => {})
      }
    },
  }
}

/** Page views are tracked for signed-in players, except the root path. */
export function shouldTrackPageView(pathname: string, isAuthenticated: boolean): boolean {
  return isAuthenticated && pathname !== '/'
}
