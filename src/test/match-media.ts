/**
 * A controllable window.matchMedia for jsdom (which has none): width queries are answered against a
 * viewport width the test sets, and prefers-color-scheme against a flag, with change events.
 */
interface Environment {
  width: number
  prefersDark: boolean
}

const environment: Environment = { width: 1280, prefersDark: false }
type Listener = (event: MediaQueryListEvent) => void
// One list per query, as browsers effectively behave; components ask on every render.
const lists = new Map<string, { list: MediaQueryList; listeners: Set<Listener> }>()

function evaluate(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(part)
    if (min) return environment.width >= Number(min[1])
    const max = /\(max-width:\s*(\d+)px\)/.exec(part)
    if (max) return environment.width <= Number(max[1])
    const scheme = /\(prefers-color-scheme:\s*(dark|light)\)/.exec(part)
    if (scheme) return (scheme[1] === 'dark') === environment.prefersDark
    return false
  })
}

function notify() {
  for (const [query, entry] of lists) {
    const matches = evaluate(query)
    for (const listener of entry.listeners)
      listener({ matches, media: query } as MediaQueryListEvent)
  }
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const existing = lists.get(query)
    if (existing) return existing.list
    const listeners = new Set<Listener>()
    const list = {
      media: query,
      get matches() {
        return evaluate(query)
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList
    lists.set(query, { list, listeners })
    return list
  }
}

export function setViewportWidth(width: number): void {
  environment.width = width
  notify()
}

export function setPrefersDark(prefersDark: boolean): void {
  environment.prefersDark = prefersDark
  notify()
}

export function resetMediaEnvironment(): void {
  environment.width = 1280
  environment.prefersDark = false
  lists.clear()
}
