import { createStore } from 'jotai'
import { RESET } from 'jotai/utils'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { atomWithValidatedStorage } from './storage-atom.ts'

const schema = v.array(v.object({ id: v.number() }))

describe('validated storage atoms', () => {
  it('reads what storage holds when a store first needs it, and writes JSON back', () => {
    const itemsAtom = atomWithValidatedStorage('items', schema, [])
    localStorage.setItem('items', '[{"id":1}]')
    const store = createStore()
    expect(store.get(itemsAtom)).toEqual([{ id: 1 }])
    store.set(itemsAtom, (items) => [...items, { id: 2 }])
    expect(localStorage.getItem('items')).toBe('[{"id":1},{"id":2}]')
    store.set(itemsAtom, RESET)
    expect(store.get(itemsAtom)).toEqual([])
    expect(localStorage.getItem('items')).toBeNull()
  })

  it.each(['{broken', '"a string"', '[{"id":"1"}]', 'null'])(
    'resets %s to the default and removes it',
    (raw) => {
      const itemsAtom = atomWithValidatedStorage('items', schema, [])
      localStorage.setItem('items', raw)
      expect(createStore().get(itemsAtom)).toEqual([])
      expect(localStorage.getItem('items')).toBeNull()
    },
  )

  it('takes in valid changes from other tabs and ignores invalid ones', () => {
    const itemsAtom = atomWithValidatedStorage('items', schema, [])
    const store = createStore()
    const unsubscribe = store.sub(itemsAtom, () => undefined)
    const fromOtherTab = (newValue: string | null) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'items', newValue, storageArea: localStorage }),
      )
    fromOtherTab('[{"id":7}]')
    expect(store.get(itemsAtom)).toEqual([{ id: 7 }])
    fromOtherTab('garbage')
    expect(store.get(itemsAtom)).toEqual([])
    fromOtherTab(null)
    expect(store.get(itemsAtom)).toEqual([])
    unsubscribe()
  })
})
