import { useId, useState, type ReactNode } from 'react'
import styles from './disclosure.module.css'
import { ChevronDownIcon } from './icons.tsx'

interface DisclosureProps {
  title: string
  children: ReactNode
  /** When false the section is always open and its title is a plain heading (e.g. on wide screens). */
  collapsible: boolean
}

/** A titled section that can collapse into an accordion item (WAI-ARIA disclosure pattern). */
export function Disclosure({ title, children, collapsible }: DisclosureProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  if (!collapsible) {
    return (
      <section>
        <h2 className={styles.heading}>{title}</h2>
        {children}
      </section>
    )
  }
  return (
    <section>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.trigger}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <ChevronDownIcon width={20} height={20} />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {children}
      </div>
    </section>
  )
}
