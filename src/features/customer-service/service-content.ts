/** A customer-service page's text: loaded on demand, one chunk per page. */
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
} satisfies Record<string, () => Promise<{ content: ServiceContent }>>

export type ServiceType = keyof typeof LOADERS

export function isServiceType(value: string): value is ServiceType {
  return Object.hasOwn(LOADERS, value)
}

export async function loadServiceContent(type: ServiceType): Promise<ServiceContent> {
  return (await LOADERS[type]()).content
}
