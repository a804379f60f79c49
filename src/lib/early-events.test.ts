import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import EARLY_EVENTS_SCRIPT from './early-events.script.ts?inline-script'
import { QUEUE, releaseEarlyEvents, TAKEN, type ReleaseOptions } from './early-events.ts'

/**
 * The early event contract (early-events.ts), as the server's page runs it: the inline script
 * takes taps before the app has taken the page over; the app, once hydrated, gets each once.
 * `seen` stands for the app's handlers (React's, on the document).
 */
let seen: string[]
const record = (event: Event) => {
  const target = event.target as HTMLElement
  seen.push(`${event.type}:${target.id || target.tagName.toLowerCase()}`)
  if (event.type === 'submit') event.preventDefault()
}
const TYPES = ['click', 'submit', 'change', 'focusout'] as const

/** The inline script, run as the page's head runs it (its text is what the server sends). */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, as the browser runs it
const runEarlyScript = new Function(EARLY_EVENTS_SCRIPT) as () => void

beforeEach(() => {
  seen = []
  document.body.innerHTML = `
    <button id="add" type="button" data-repeat>Add to Cart</button>
    <button id="save" type="button">Save</button>
    <details id="menu"><summary id="more">More Categories</summary><a href="#groceries">Groceries</a></details>
    <a id="link" href="#somewhere">A link</a>
    <label><input id="brand" type="checkbox"> Apple</label>
    <select id="sort"><option value="">SELECT</option><option value="price-asc">Price Low</option></select>
    <form id="signin" method="dialog" aria-label="Sign In">
      <input id="username" name="username"><button id="submit" type="submit">Sign In</button>
    </form>
    <form id="search" action="/search"><input name="q"><button id="go" type="submit">Search</button></form>`
  // The early script runs as the page's head is parsed, before the app's listeners exist.
  runEarlyScript()
  for (const type of TYPES) document.addEventListener(type, record, true)
})

afterEach(() => {
  window.__early?.off()
  window.__early = undefined
  for (const type of TYPES) document.removeEventListener(type, record, true)
})

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
/** The release as the app makes it, here with every control hydrated unless a test says. */
const release = (options: ReleaseOptions = {}) =>
  releaseEarlyEvents({ hydrated: () => true, ...options })

describe('before the app has taken the page over', () => {
  it('takes a tap on a button, shows it pressed at once, and keeps it from everything else', () => {
    const save = element('save')
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    save.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(seen).toEqual([])
    expect(save.hasAttribute('data-pending')).toBe(true)
    expect(save.getAttribute('aria-busy')).toBe('true')
    expect(window.__early?.[TAKEN]).toBe(1)
  })

  it("takes a tap on a <details>' summary, which the app opens, until the app takes it", async () => {
    const more = element('more')
    more.click()
    expect(element<HTMLDetailsElement>('menu').open).toBe(false)
    expect(more.hasAttribute('data-pending')).toBe(true)
    expect(seen).toEqual([])
    await release()
    expect(seen).toEqual(['click:more'])
    expect(more.hasAttribute('data-pending')).toBe(false)
  })

  it('leaves links and the forms that work without the app alone', () => {
    element('link').click()
    element('go').click()
    expect(window.__early?.[QUEUE]).toEqual([])
    expect(seen).toEqual(['click:link', 'click:go', 'submit:search'])
  })

  it('keeps a checkbox as the app knows it until the app takes the tap', async () => {
    const brand = element<HTMLInputElement>('brand')
    brand.click()
    expect(brand.checked).toBe(false)
    await release()
    expect(brand.checked).toBe(true)
    // As a tap gives it: the click, then the change it makes.
    expect(seen).toEqual(['click:brand', 'change:brand'])
  })
})

describe('once the app has taken the page over', () => {
  it('gives it every tap, key and change in the order they came, each once', async () => {
    element('save').click()
    element<HTMLSelectElement>('sort').value = 'price-asc'
    element('sort').dispatchEvent(new Event('change', { bubbles: true }))
    element('add').click()
    // Enter in the sign-in form's field: the browser submits the form.
    element<HTMLFormElement>('signin').requestSubmit()
    expect(seen).toEqual([])

    expect(await release()).toBe(4)
    expect(seen).toEqual(['click:save', 'change:sort', 'click:add', 'submit:signin'])
    expect(document.querySelectorAll('[data-pending], [aria-busy]')).toHaveLength(0)
    // Released once: from now on taps go straight to the app, and a second release gives nothing.
    seen = []
    element('save').click()
    expect(seen).toEqual(['click:save'])
    expect(await release()).toBe(0)
  })

  it('keeps a second tap only where two taps mean two (data-repeat)', async () => {
    for (const id of ['add', 'add', 'save', 'save']) element(id).click()
    expect(await release()).toBe(3)
    expect(seen).toEqual(['click:add', 'click:add', 'click:save'])
  })

  it('sends a form once, however often it was asked (Enter twice, then its button)', async () => {
    const form = element<HTMLFormElement>('signin')
    form.requestSubmit()
    form.requestSubmit()
    element('submit').click()
    await release()
    expect(seen.filter((entry) => entry === 'submit:signin')).toHaveLength(1)
  })

  it('gives the shopper’s choice back to a select that hydration reset', async () => {
    const sort = element<HTMLSelectElement>('sort')
    sort.value = 'price-asc'
    sort.dispatchEvent(new Event('change', { bubbles: true }))
    sort.value = ''
    await release()
    expect(sort.value).toBe('price-asc')
    expect(seen).toEqual(['change:sort'])
  })

  it('tells the app which fields were left, unless the shopper is back in one', async () => {
    const username = element<HTMLInputElement>('username')
    username.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    await release()
    expect(seen).toEqual(['focusout:username'])

    seen = []
    runEarlyScript()
    username.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    username.focus()
    await release()
    expect(seen).toEqual([])
  })

  it('gives a control its events a step after it is found hydrated, once its component’s effects have run', async () => {
    // A form library subscribes to its state in an effect: a field left before that shows nothing.
    const username = element<HTMLInputElement>('username')
    username.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    const released = release()
    expect(seen).toEqual([])
    await released
    expect(seen).toEqual(['focusout:username'])
  })

  it('drops a tap whose control is gone (the app rendered another page)', async () => {
    element('save').click()
    element('add').click()
    element('save').remove()
    expect(await release()).toBe(2)
    expect(seen).toEqual(['click:add'])
  })

  it('waits for each control until the app has hydrated it, keeping the order, and takes taps meanwhile', async () => {
    const ready = new Set<Element>([element('save')])
    element('add').click()
    element('save').click()
    const released = release({ hydrated: (el) => ready.has(el) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Add to Cart's part of the page is not hydrated yet: nothing is given, in order.
    expect(seen).toEqual([])
    expect(element('add').hasAttribute('data-pending')).toBe(true)
    // A tap meanwhile joins the queue rather than reach a part React would drop it on.
    element('add').click()
    expect(seen).toEqual([])
    for (const el of document.querySelectorAll('button, input, select, textarea, form'))
      ready.add(el)
    expect(await released).toBe(3)
    expect(seen).toEqual(['click:add', 'click:save', 'click:add'])
    expect(window.__early).toBeUndefined()
  })

  it('lets a tap on a hydrated control through at once, while a part not hydrated still waits', async () => {
    const ready = new Set<Element>([element('save')])
    const released = release({ hydrated: (el) => ready.has(el) })
    // Save is hydrated and nothing waits: its tap reaches the app as it is, not taken.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    element('save').dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
    expect(seen).toEqual(['click:save'])
    expect(element('save').hasAttribute('data-pending')).toBe(false)
    // Add to Cart is not: taken, and Save's next tap waits behind it, in order.
    element('add').click()
    element('save').click()
    expect(seen).toEqual(['click:save'])
    for (const el of document.querySelectorAll('button, input, select, textarea, form'))
      ready.add(el)
    expect(await released).toBe(2)
    expect(seen).toEqual(['click:save', 'click:add', 'click:save'])
  })

  it('gives what is left once its deadline has passed, hydrated or not', async () => {
    element('add').click()
    expect(await release({ hydrated: () => false, deadlineMs: 30 })).toBe(1)
    expect(seen).toEqual(['click:add'])
  })
})
