/**
 * A customer-service page's text: loaded on demand, one chunk per page. It names the shop, whose
 * name the caller gives (the app's build setting, or the server's reading of it): this module and
 * the texts import nothing else, so the server reads the same texts for the pages' heads.
 */
export interface ServiceContent {
  title: string
  intro: string
  sections: { heading: string; paragraphs?: string[]; points?: string[] }[]
}

const LOADERS = {
  warranty: () => import('./content/warranty.ts'),
  'shop-gifts': () => import('./content/shop-gifts.ts'),
  returns: () => import('./content/returns.ts'),
  monogram: () => import('./content/monogram.ts'),
} satisfies Record<string, () => Promise<{ content: (brand: string) => ServiceContent }>>

export type ServiceType = keyof typeof LOADERS

export const SERVICE_TYPES = Object.keys(LOADERS) as ServiceType[]

export function isServiceType(value: string): value is ServiceType {
  return Object.hasOwn(LOADERS, value)
}

export async function loadServiceContent(
  type: ServiceType,
  brand: string,
): Promise<ServiceContent> {
  return (await LOADERS[type]()).content(brand)
}
