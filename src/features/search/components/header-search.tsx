import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import { CloseIcon } from '../../../components/icons.tsx'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import { matchedTerms, matchingCategories } from '../matches.ts'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, searchTerm } from '../search.ts'
import { suggestionsQuery } from '../suggestions.ts'
import styles from './header-search.module.css'
import { SearchField } from './search-field.tsx'
import {
  announce,
  SuggestionContent,
  suggestionKey,
  type Suggestion,
} from './suggestion-content.tsx'

interface HeaderSearchProps {
  /** The panel's id, which its button (`aria-controls`) names. */
  id: string
  onClose: () => void
}

/**
 * The header's search (rules.md § Search): a combobox in the WAI-ARIA pattern (list autocomplete, no
 * automatic selection). As the shopper types, once typing pauses as on the search page, it
 * suggests up to 5 products and the categories the words name; arrows move through them, Enter
 * opens the one chosen or, with none, every result on /search?q=, and Escape closes the list, then
 * the panel. Below 768 px the panel takes the screen under the header.
 */
export function HeaderSearch({ id, onClose }: HeaderSearchProps) {
  const navigate = useNavigate()
  const listId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [listOpen, setListOpen] = useState(true)
  const [active, setActive] = useState(-1)

  // What the suggestions are asked for: the box's text, once typing has paused
  // (SEARCH_DEBOUNCE_MS), or at once when the box is cleared.
  const [term, setTerm] = useState('')
  useEffect(() => {
    const next = searchTerm(text)
    const timer = setTimeout(() => setTerm(next), next ? SEARCH_DEBOUNCE_MS : 0)
    return () => clearTimeout(timer)
  }, [text])
  const searching = term.length >= SEARCH_MIN_LENGTH
  const found = useQuery({
    ...suggestionsQuery(term),
    enabled: searching,
    // The previous suggestions stay while the next ones load, as on the search page.
    placeholderData: keepPreviousData,
  })
  const allCategories = useCategories()
  const products = useMemo(
    () => (searching ? (found.data?.products ?? []) : []),
    [searching, found.data],
  )
  const categories = useMemo(
    () => (searching ? matchingCategories(allCategories, term) : []),
    [searching, allCategories, term],
  )
  const terms = useMemo(() => matchedTerms(products, term), [products, term])
  const suggestions: Suggestion[] = searching
    ? [
        ...products.map((product) => ({ kind: 'product' as const, product })),
        ...categories.map((category) => ({ kind: 'category' as const, category })),
        { kind: 'all' },
      ]
    : []
  const expanded = listOpen && suggestions.length > 0
  const optionId = (index: number) => `${listId}-${index}`

  useEffect(() => input.current?.focus(), [])
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })
  const button = () => document.querySelector<HTMLElement>(`[aria-controls="${id}"]`)
  // Dismissed (Escape), the panel gives the focus back to its button; chosen from, not.
  const close = (returnFocus: boolean) => {
    if (returnFocus) button()?.focus()
    onClose()
  }
  // A press outside the panel and its button closes it.
  const pressedOutside = useEffectEvent((event: PointerEvent) => {
    const target = event.target as Node
    if (!panel.current?.contains(target) && !button()?.contains(target)) close(false)
  })
  useEffect(() => {
    document.addEventListener('pointerdown', pressedOutside)
    return () => document.removeEventListener('pointerdown', pressedOutside)
  }, [])

  function choose(suggestion: Suggestion | undefined) {
    if (suggestion?.kind === 'product') {
      void navigate({ to: '/product/$id', params: { id: String(suggestion.product.id) } })
    } else if (suggestion?.kind === 'category') {
      void navigate({ to: '/products/$category', params: { category: suggestion.category.slug } })
    } else {
      const q = text.trim()
      void navigate({ to: '/search', search: q ? { q } : {} })
    }
    close(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        setListOpen(true)
        if (count === 0) return
        const step = event.key === 'ArrowDown' ? 1 : -1
        // From the box, down goes to the first suggestion and up to the last.
        setActive((current) =>
          !expanded || current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count,
        )
        return
      }
      case 'Enter':
        event.preventDefault()
        choose(expanded && active >= 0 ? suggestions[active] : undefined)
        return
      case 'Escape':
        event.preventDefault()
        // First the list closes, then the panel.
        if (expanded) {
          setListOpen(false)
          setActive(-1)
        } else close(true)
        return
    }
  }

  const announcement =
    searching && !(found.isFetching && !found.data) ? announce(term, products, categories) : ''

  return (
    <div
      ref={panel}
      id={id}
      className={styles.panel}
      // The focus moving on elsewhere (Tab, or another control of the header) closes the panel.
      onBlur={(event) => {
        const next = event.relatedTarget
        if (next && !panel.current?.contains(next) && !button()?.contains(next)) close(false)
      }}
    >
      <form
        className={styles.form}
        role="search"
        action="/search"
        onSubmit={(event) => {
          event.preventDefault()
          choose(undefined)
        }}
      >
        <SearchField
          labelHidden
          ref={input}
          type="text"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder="Search products"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setListOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={styles.close}
          aria-label="Close search"
          onClick={() => close(true)}
        >
          <CloseIcon />
        </button>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className={styles.list}
        hidden={!expanded}
      >
        {suggestions.map((suggestion, index) => (
          // The options take no focus and no keys: the box has both (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
          <div
            key={suggestionKey(suggestion)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // A press chooses, the focus staying in the box.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            <SuggestionContent suggestion={suggestion} terms={terms} text={text} />
          </div>
        ))}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  )
}
