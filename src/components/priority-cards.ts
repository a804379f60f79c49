/** The cards of a grid's first row, above the fold on every layout: their images load first. */
export const PRIORITY_CARDS = 4
