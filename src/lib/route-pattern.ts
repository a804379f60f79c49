/**
 * The route pattern of a page, as logs, metrics and field data name it: `/product/$id`, not the
 * address with its id (which would make a series per product); pathless layouts (`/_auth`) left
 * out; `not-found` when no route matched. `routeId` is the deepest matched route's.
 */
export function routePattern(routeId: string | undefined): string {
  if (!routeId || routeId === '__root__') return 'not-found'
  return routeId.replace(/\/_[^/]+/g, '') || '/'
}
