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

/**
 * A titled section that can collapse into an accordion item (WAI-ARIA disclosure pattern). Its
 * content stays in the same element either way, so a section that becomes collapsible (the
 * footer's and a product's on a phone, once the app knows the screen's width) keeps it: React
 * changes the heading and one attribute, rather than build the content again (the footer's
 * links, a product's facts) as the page is taken over.
 */
export function Disclosure({
  title,
  children,
  collapsible,
  defaultOpen = false,
  headingLevel: Heading = 'h2',
}: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen)
  const panelId = useId()
  return (
    <section>
      <Heading className={styles.heading}>
        {collapsible ? (
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
        ) : (
          title
        )}
      </Heading>
      <div id={panelId} hidden={collapsible && !open}>
        {children}
      </div>
    </section>
  )
}
