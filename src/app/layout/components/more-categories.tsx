import { useEffect, useId, useRef, useState } from 'react'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { messages } from '../../../lib/messages.ts'
import type { Category } from '../../../domain/catalogue/categories.ts'
import { CategoryLinks } from './category-links.tsx'
import styles from './more-categories.module.css'

/** The header's 'More Categories' dropdown: a disclosure of links, closed by Escape, outside click or a choice. */
export function MoreCategories({ categories }: { categories: readonly Category[] }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

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
    <div
      className={styles.wrapper}
      ref={wrapper}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {messages.moreCategories}
        <ChevronDownIcon width={18} height={18} />
      </button>
      <ul id={panelId} className={styles.panel} hidden={!open}>
        <CategoryLinks
          categories={categories}
          className={styles.link}
          onChoose={() => setOpen(false)}
        />
      </ul>
    </div>
  )
}
