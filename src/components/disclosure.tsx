import { useId, useState, type ReactNode } from 'react'
import styles from './disclosure.module.css'
import { ChevronDownIcon } from './icons.tsx'

interface DisclosureProps {
  title: string
  children: ReactNode
  /** When false the section is always open and its title is a plain heading (e.g. on wide screens). */
  collapsible: boolean
  defaultOpen?: boolean
  headingLevel?: 'h2' | 'h3'
}

/** A titled section that can collapse into an accordion item (WAI-ARIA disclosure pattern). */
export function Disclosure({
  title,
  children,
  collapsible,
  defaultOpen = false,
  headingLevel: Heading = 'h2',
}: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen)
  const panelId = useId()
  if (!collapsible) {
    return (
      <section>
        <Heading className={styles.heading}>{title}</Heading>
        {children}
      </section>
    )
  }
  return (
    <section>
      <Heading className={styles.heading}>
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
      </Heading>
      <div id={panelId} hidden={!open}>
        {children}
      </div>
    </section>
  )
}
