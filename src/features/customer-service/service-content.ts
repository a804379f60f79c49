/**
 * A customer-service page's text: loaded on demand, one chunk per page. It names the shop, whose
 * name the caller gives (the app's build setting, or the server's reading of it), and speaks of
 * what the shop can do as the caller says: this module and the texts import nothing else, so the
 * server reads the same texts for the pages' heads.
 */
export interface ServiceContent {
  title: string
  intro: string
  sections: { heading: string; paragraphs?: string[]; points?: string[]; links?: ServiceLink[] }[]
}

/** A link from a page's text to a page of the shop's own. */
export interface ServiceLink {
  label: string
  to: '/orders' | '/orders/find'
}

/** What the shop can do that a text may speak of: finding an order needs our API (it keeps orders). */
export interface ShopFeatures {
  orderLookup: boolean
}

const LOADERS = {
  warranty: () => import('./content/warranty.ts'),
  'shop-gifts': () => import('./content/shop-gifts.ts'),
  returns: () => import('./content/returns.ts'),
  monogram: () => import('./content/monogram.ts'),
} satisfies Record<
  string,
  () => Promise<{ content: (brand: string, features: ShopFeatures) => ServiceContent }>
>

export type ServiceType = keyof typeof LOADERS

export const SERVICE_TYPES = Object.keys(LOADERS) as ServiceType[]

export function isServiceType(value: string): value is ServiceType {
  return Object.hasOwn(LOADERS, value)
}

export async function loadServiceContent(
  type: ServiceType,
  brand: string,
  features: ShopFeatures,
): Promise<ServiceContent> {
  return (await LOADERS[type]()).content(brand, features)
}
