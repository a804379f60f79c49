// The cart's components for other features' pages (checkout). Apart from index.ts, which the
// layout imports, so that they and their styles stay out of the entry chunk.
export { OrderTotals, useOrderAmounts } from './components/order-totals.tsx'
