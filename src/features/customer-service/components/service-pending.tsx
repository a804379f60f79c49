import { messages } from '../../../lib/messages.ts'

/** rules.md § Routes and pages: the content loads on demand and shows 'Loading...' meanwhile. */
export function ServicePending() {
  return (
    <p className="container" role="status" style={{ paddingBlock: '2rem' }}>
      {messages.loading}
    </p>
  )
}
