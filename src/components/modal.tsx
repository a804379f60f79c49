import { useEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useCoveringPanel } from '../lib/use-covering-panel.ts'
import { CloseIcon } from './icons.tsx'
import styles from './modal.module.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface ModalProps {
  labelledBy: string
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog: focus moves in and is trapped there, Escape, the close button and a click on the
 * backdrop close it, page scroll is locked, and focus returns to what opened it.
 */
export function Modal({ labelledBy, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null)
  useCoveringPanel(true, onClose)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const focusables = () => [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
    // The first field or action inside, skipping the close button when there is anything else.
    const [closeButton, ...rest] = focusables()
    ;(rest[0] ?? closeButton)?.focus()

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      } else if (!dialog.current?.contains(document.activeElement)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      opener?.focus()
    }
  }, [])

  return createPortal(
    // A click on the backdrop is a pointer shortcut; keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
      >
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>,
    document.body,
  )
}
