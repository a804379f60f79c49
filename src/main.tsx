/**
 * The page's entry. It lets the browser paint the HTML's own bar first, then starts the app
 * (start.tsx). The app's code is already on its way: index.html preloads it (see
 * scripts/preload-app-start-plugin.ts). Only running it waits, so a slow phone paints at once
 * instead of after the whole framework has been evaluated.
 */
await new Promise<void>((resolve) => {
  // After the next frame has painted; a hidden tab gets no frames, so a timer backs it up.
  requestAnimationFrame(() => setTimeout(resolve, 0))
  setTimeout(resolve, 100)
})
await import('./start.tsx')
