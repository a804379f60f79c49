/** A product photo's text alternative; the grid, the carousel and its plain first photo share it. */
export const photoAlt = (title: string, index: number, count: number) =>
  `${title}, photo ${index + 1} of ${count}`
