import type { Page } from '@playwright/test'

/**
 * The layout rules every page keeps at every width (rules.md § Responsive layout), checked with the
 * browser's own geometry:
 * - no page is wider than the screen, and nothing is cut off at its left edge;
 * - the header's search, account and cart icons (and the menu button) are fully on screen, and
 *   its bar keeps to one line;
 * - the page's main actions can be pressed: the element at a button's centre is that button
 *   (while a modal is open, only its own);
 * - controls and text stay inside the card or panel that draws them (long words wrap);
 * - with `touchTargets` (phone widths), targets are at least 24 × 24 px (WCAG 2.2, 2.5.8).
 * Each problem is one line naming the element, so a failure says what to look at.
 */

/** Visible names of the main actions (rules.md § Responsive layout); a page checks those it shows. */
export const MAIN_ACTIONS = [
  'Add to Cart',
  'Express Checkout',
  'Load More',
  'Checkout Now',
  'Apply',
  'Save and Continue',
  'Save Card',
  'Place Order',
  'Show More',
  'Sign In',
  'Create Account',
  'Edit',
  'Save Changes',
] as const

export async function layoutProblems(page: Page, { touchTargets = false } = {}): Promise<string[]> {
  const problems = await page.evaluate(inPage, { actions: [...MAIN_ACTIONS], touchTargets })
  // Scrolling to each action moved the page: back to the top for whatever comes next.
  await page.evaluate(() => window.scrollTo(0, 0))
  return problems
}

/** Runs in the page: must not refer to anything outside itself. */
function inPage({ actions, touchTargets }: { actions: string[]; touchTargets: boolean }) {
  const problems: string[] = []
  const viewport = document.documentElement.clientWidth
  const TOLERANCE = 1

  const describe = (element: Element): string => {
    const tag = element.tagName.toLowerCase()
    const label =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
      element.textContent ??
      ''
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 40)
    const landmark = element.parentElement?.closest(
      'header, nav, main, aside, footer, section[aria-label], section[aria-labelledby], [role=dialog], article, form',
    )
    const where = landmark
      ? ` in ${landmark.tagName.toLowerCase()}${
          landmark.getAttribute('aria-label')
            ? ` "${landmark.getAttribute('aria-label')}"`
            : landmark.getAttribute('aria-labelledby')
              ? ` "${document.getElementById(landmark.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''}"`
              : ''
        }`
      : ''
    return `${tag}${text ? ` "${text}"` : ''}${where}`
  }

  const isShown = (element: Element) => {
    const rect = element.getBoundingClientRect()
    if (rect.width <= 1 || rect.height <= 1) return false
    const style = getComputedStyle(element)
    return style.visibility !== 'hidden' && Number(style.opacity) > 0
  }

  // An ancestor that scrolls or clips its content sideways by design (carousels, scroll strips):
  // what lies past its edges is meant to be reached by scrolling or swiping.
  const scroller = (element: Element): Element | null => {
    for (
      let node = element.parentElement;
      node && node !== document.body;
      node = node.parentElement
    ) {
      const overflow = getComputedStyle(node).overflowX
      if (overflow === 'auto' || overflow === 'scroll' || node.classList.contains('swiper'))
        return node
    }
    return null
  }

  // An ancestor drawn as a box: a border, a background of its own, or a shadow.
  const isPanel = (element: Element) => {
    const style = getComputedStyle(element)
    const transparent = (colour: string) => colour === 'transparent' || colour.endsWith(', 0)')
    const bordered = ['Left', 'Right'].every(
      (side) =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
        !transparent(style.getPropertyValue(`border-${side.toLowerCase()}-color`)),
    )
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip'
    return bordered || !transparent(style.backgroundColor) || style.boxShadow !== 'none' || clips
  }

  // While a modal is open (the account modal, the filter sheet) only what it holds can be reached.
  const modal = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].find(isShown)

  // 1. No page wider than the screen, and what makes it wider; nothing cut off at the left edge
  //    either (the page cannot scroll there, so scrollWidth does not show it).
  const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  const innermost = (test: (rect: DOMRect) => boolean) =>
    [...document.body.querySelectorAll('*')].filter((element) => {
      if (!test(element.getBoundingClientRect()) || !isShown(element) || scroller(element))
        return false
      return ![...element.children].some((child) => test(child.getBoundingClientRect()))
    })
  const list = (elements: Element[]) =>
    elements
      .slice(0, 4)
      .map((element) => {
        const rect = element.getBoundingClientRect()
        return `${describe(element)} (${Math.round(rect.left)}–${Math.round(rect.right)})`
      })
      .join('; ') || 'nothing visible'
  if (pageWidth > viewport + TOLERANCE)
    problems.push(
      `page is ${pageWidth} px wide on a ${viewport} px screen; sticking out: ${list(
        innermost((rect) => rect.right > viewport + TOLERANCE),
      )}`,
    )
  const cutOff = innermost((rect) => rect.left < -TOLERANCE && rect.right > 0)
  if (cutOff.length > 0) problems.push(`cut off at the screen's left edge: ${list(cutOff)}`)

  // 2. The header's icons are fully on screen, and the bar keeps to one line beside the logo.
  const banner = document.querySelector('header')
  const logo = banner?.querySelector('a[href="/"]')?.getBoundingClientRect()
  // What a dropdown opened from the bar shows lies below it by design.
  const inOverlay = (element: Element) => {
    for (let node = element.parentElement; node && node !== banner; node = node.parentElement)
      if (['absolute', 'fixed'].includes(getComputedStyle(node).position)) return true
    return false
  }
  for (const item of banner?.querySelectorAll(
    ':scope > div a, :scope > div button, :scope > div summary',
  ) ?? []) {
    const rect = item.getBoundingClientRect()
    if (!logo || !isShown(item) || inOverlay(item)) continue
    if (rect.top >= logo.bottom || rect.bottom <= logo.top)
      problems.push(`header bar wraps: ${describe(item)} is not on the logo's line`)
  }
  for (const name of ['Search', 'Account', /^Cart, /, 'Open menu']) {
    // The menu button is a <details>' summary (header.tsx).
    const icon = [...(banner?.querySelectorAll('a, button, summary') ?? [])].find((element) => {
      // Named by aria-label, or by its text (the cart link: "Cart, 2 items" for screen readers).
      const label = element.getAttribute('aria-label') ?? element.textContent ?? ''
      return typeof name === 'string' ? label === name : name.test(label)
    })
    // The menu button is for narrow screens: wider ones hide it (the server renders it for both).
    if (name === 'Open menu' && (!icon || !isShown(icon))) continue
    if (!icon) {
      problems.push(`header icon ${String(name)} is missing`)
      continue
    }
    const rect = icon.getBoundingClientRect()
    if (rect.left < -TOLERANCE || rect.right > viewport + TOLERANCE || !isShown(icon))
      problems.push(
        `header icon ${describe(icon)} is not fully on screen (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewport})`,
      )
  }

  // 3. Controls and text inside the panel that draws them, and long words wrapped.
  const candidates = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
    if (!isShown(element) || element.closest('[aria-hidden="true"]')) return false
    const interactive = element.matches('a[href], button, input, select, textarea, label')
    const hasText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    )
    return interactive || hasText
  })
  for (const element of candidates) {
    if (scroller(element)) continue
    const rect = element.getBoundingClientRect()
    for (
      let node = element.parentElement;
      node && node !== document.body;
      node = node.parentElement
    ) {
      if (!isPanel(node)) continue
      const box = node.getBoundingClientRect()
      const out = Math.max(box.left - rect.left, rect.right - box.right)
      if (out > TOLERANCE) {
        problems.push(
          `${describe(element)} sticks out of its panel ${describe(node).split(' "')[0]} by ${Math.round(out)} px`,
        )
        break
      }
    }
    // A word longer than its box runs past the box's own edge.
    if (element.scrollWidth > element.clientWidth + TOLERANCE && element.clientWidth > 0) {
      const style = getComputedStyle(element)
      if (style.overflowX === 'visible' && style.display !== 'inline')
        problems.push(
          `${describe(element)}: its text is ${element.scrollWidth - element.clientWidth} px wider than its box`,
        )
    }
  }

  // 4. The main actions can be pressed: nothing lies over their centre. While a modal is open
  //    (the account modal, the filter sheet) only its own actions are meant to be pressed.
  const controls = [
    ...(modal ?? document).querySelectorAll<HTMLElement>('button, a[href], input[type=submit]'),
  ]
  for (const name of actions) {
    for (const control of controls) {
      const label = (control.getAttribute('aria-label') ?? control.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
      if (label !== name || !isShown(control) || scroller(control)) continue
      control.scrollIntoView({ block: 'center', inline: 'center' })
      const rect = control.getBoundingClientRect()
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
      if (!hit || (hit !== control && !control.contains(hit)))
        problems.push(
          `${describe(control)} is covered by ${hit ? describe(hit) : 'nothing (off screen)'}`,
        )
    }
  }

  // 5. Touch targets of at least 24 × 24 px, or spaced so a 24 px circle around each touches no
  //    other (WCAG 2.5.8); links inside a sentence are exempt.
  if (touchTargets) {
    const targets = [
      ...document.body.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=tab]',
      ),
    ].filter((element) => {
      if (!isShown(element) || element.closest('[aria-hidden="true"], [inert]')) return false
      if (modal && !modal.contains(element)) return false
      const clip = scroller(element)
      if (clip) {
        const rect = element.getBoundingClientRect()
        const box = clip.getBoundingClientRect()
        if (rect.right <= box.left || rect.left >= box.right) return false
      }
      return true
    })
    const inSentence = (element: HTMLElement) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      [...(element.parentElement?.childNodes ?? [])].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
    const centre = (rect: DOMRect) => ({
      x: rect.left + rect.width / 2,
      y: rect.top + rect.height / 2,
    })
    for (const target of targets) {
      const rect = target.getBoundingClientRect()
      if ((rect.width >= 24 - 0.5 && rect.height >= 24 - 0.5) || inSentence(target)) continue
      // A 24 px control with a visible label that is itself the larger target (a checkbox in its label).
      const label = target instanceof HTMLInputElement ? target.labels?.[0] : undefined
      if (label && label.contains(target)) {
        const box = label.getBoundingClientRect()
        if (box.width >= 24 && box.height >= 24) continue
      }
      const c = centre(rect)
      const crowded = targets.some((other) => {
        if (other === target || other.contains(target) || target.contains(other)) return false
        const box = other.getBoundingClientRect()
        const x = Math.max(box.left, Math.min(c.x, box.right))
        const y = Math.max(box.top, Math.min(c.y, box.bottom))
        return Math.hypot(c.x - x, c.y - y) < 12
      })
      if (crowded)
        problems.push(
          `${describe(target)} is a ${Math.round(rect.width)} × ${Math.round(rect.height)} px touch target, too close to another`,
        )
    }
  }

  return [...new Set(problems)]
}
