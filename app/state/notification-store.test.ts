import { describe, expect, it } from 'vitest'
import { mergeLoaded, type LoadStatus, type PlayerNotification } from './notification-store.ts'

const entry = (id: string): PlayerNotification => ({
  id,
  type: 'other',
  text: `Notification ${id}`,
  image: null,
  url: null,
  btn_text: null,
  duration: 5,
  is_read: 0,
  created_at: '2026-11-25T20:00:00.000Z',
})

const lists = (ids: string[], status: LoadStatus, hasNew = false) => ({
  unread: ids.map(entry),
  unreadCount: ids.length,
  hasNew,
  status,
})

const loaded = (ids: string[], count = ids.length) => ({ notifications: ids.map(entry), count })
const idsOf = (merged: ReturnType<typeof mergeLoaded>) => merged.unread?.map(({ id }) => id)

describe('a loaded notification list, with what changed while it was on its way', () => {
  it('the first load takes the answer as it is and marks nothing new', () => {
    const merged = mergeLoaded(lists([], 'idle'), lists([], 'loading'), loaded(['b', 'a'], 7))
    expect(idsOf(merged)).toEqual(['b', 'a'])
    expect(merged.unreadCount).toBe(7)
    expect(merged.hasNew).toBe(false)
    expect(merged.status).toBe('ready')
  })

  it('keeps a notification the socket pushed after the answer was made', () => {
    const merged = mergeLoaded(
      lists(['a'], 'ready'),
      lists(['c', 'a'], 'loading', true),
      loaded(['a']),
    )
    expect(idsOf(merged)).toEqual(['c', 'a'])
    expect(merged.unreadCount).toBe(2)
    expect(merged.hasNew).toBe(true)
  })

  it('lists a pushed notification once when the answer has it too', () => {
    const merged = mergeLoaded(
      lists(['a'], 'ready'),
      lists(['c', 'a'], 'loading'),
      loaded(['c', 'a']),
    )
    expect(idsOf(merged)).toEqual(['c', 'a'])
    expect(merged.unreadCount).toBe(2)
  })

  it('does not bring back one the player read while the call was on its way', () => {
    const merged = mergeLoaded(
      lists(['b', 'a'], 'ready'),
      lists(['a'], 'loading'),
      loaded(['b', 'a'], 5),
    )
    expect(idsOf(merged)).toEqual(['a'])
    expect(merged.unreadCount).toBe(4)
  })

  it('a reload after the socket was away marks what arrived meanwhile as new', () => {
    const merged = mergeLoaded(lists(['a'], 'ready'), lists(['a'], 'loading'), loaded(['d', 'a']))
    expect(idsOf(merged)).toEqual(['d', 'a'])
    expect(merged.unreadCount).toBe(2)
    expect(merged.hasNew).toBe(true)
  })

  it('a reload that finds nothing new leaves the indicator as it was', () => {
    const merged = mergeLoaded(lists(['a'], 'ready'), lists(['a'], 'loading'), loaded(['a']))
    expect(merged.hasNew).toBe(false)
  })
})
