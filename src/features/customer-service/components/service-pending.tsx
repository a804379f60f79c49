import { messages } from '../../../lib/messages.ts'

/** Spec §2.1: the content loads on demand and shows 'Loading...' meanwhile. */
export function ServicePending() {
  return (
    <p className="container" role="status" style={{ paddingBlock: '2rem' }}>
      {messages.loading}
    </p>
  )
}
