import { Skeleton } from '../../../components/skeleton.tsx'

/** What a route shows while its code or data loads: the page's rough shape, not a spinner. */
export function PagePending() {
  return (
    <div
      className="container"
      role="status"
      aria-busy="true"
      aria-label="Loading"
      style={{ paddingBlock: '2rem' }}
    >
      <Skeleton width="40%" height="2rem" />
      <div
        style={{
          display: 'grid',
          gap: '1rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          marginTop: '1.5rem',
        }}
      >
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height="260px" />
        ))}
      </div>
    </div>
  )
}
