import { useEffect, useRef, useState } from 'react'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { messages } from '../../../lib/messages.ts'
import type { Category } from '../../../domain/catalogue/categories.ts'
import { CategoryLinks } from './category-links.tsx'
import styles from './more-categories.module.css'

/**
 * The header's 'More Categories' dropdown: a disclosure of links, closed by Escape, outside click or
 * a choice. A `<details>`, so that it opens without JavaScript too (decisions.md § Server
 * rendering); once the app runs, it holds the state and the summary's click is its own.
 */
export function MoreCategories({ categories }: { categories: readonly Category[] }) {
  const [open, setOpen] = useState(false)
  const wrapper = useRef<HTMLDetailsElement>(null)
  const trigger = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        trigger.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <details
      className={styles.wrapper}
      ref={wrapper}
      open={open}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <summary
        ref={trigger}
        className={styles.trigger}
        // Its open state is the <details>' own, which the browser tells assistive technology.
        onClick={(event) => {
          event.preventDefault()
          setOpen((value) => !value)
        }}
      >
        {messages.moreCategories}
        <ChevronDownIcon width={18} height={18} />
      </summary>
      <ul className={styles.panel}>
        <CategoryLinks
          categories={categories}
          className={styles.link}
          onChoose={() => setOpen(false)}
        />
      </ul>
    </details>
  )
}
