import { useEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { CloseIcon } from './icons.tsx'
import styles from './modal.module.css'

interface ModalProps {
  labelledBy: string
  onClose: () => void
  children: ReactNode
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea'

/**
 * A modal dialog, the platform's own: a `<dialog>` opened with `showModal()`, so the browser keeps
 * focus inside, makes the page behind inert and unscrollable (global.css), and turns Escape into
 * its `cancel`, which asks the owner to close. The close button and a click on the backdrop close
 * it too, and focus returns to what opened it. It is in the document's body (a portal): an opener
 * inside a hidden or transformed part of the page cannot hide or clip it.
 */
export function Modal({ labelledBy, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.showModal()
    // The browser focuses the close button, the first thing inside: the first field or action after
    // it instead, when there is one.
    element.querySelectorAll<HTMLElement>(FOCUSABLE)[1]?.focus()
    return () => {
      element.close()
      opener?.focus()
    }
  }, [])

  return createPortal(
    // A click on the backdrop reaches the dialog itself (its content fills it): a pointer shortcut,
    // where keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className={styles.content}>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </dialog>,
    document.body,
  )
}
