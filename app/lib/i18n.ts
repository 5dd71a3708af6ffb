import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Messages } from '#common/messages.ts'

const NAMESPACE = 'common'

/**
 * One i18next instance per locale, built synchronously from the loader's messages so the server
 * render and the hydrating client produce the same text.
 */
const instances = new WeakMap<Messages, I18n>()

/**
 * The i18next instance for a catalogue. The server hands every request of a locale the same
 * cached catalogue object, so the instance is built once per locale, not once per render.
 */
export function getI18n(tag: string, messages: Messages): I18n {
  let instance = instances.get(messages)
  if (!instance || instance.language !== tag) {
    instance = createI18n(tag, messages)
    instances.set(messages, instance)
  }
  return instance
}

function createI18n(tag: string, messages: Messages): I18n {
  const resources: Resource = { [tag]: { [NAMESPACE]: messages } }
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: tag,
    resources,
    defaultNS: NAMESPACE,
    ns: [NAMESPACE],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Messages arrive with the page, so nothing is ever loading: never suspend a render.
    react: { useSuspense: false },
  })
  return instance
}
