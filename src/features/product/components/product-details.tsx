import { Disclosure } from '../../../components/disclosure.tsx'
import { TABLET_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import type { Product } from '../../../domain/catalogue/catalogue.schemas.ts'
import { formatNumber } from '../../../lib/format.ts'
import styles from './product-details.module.css'

type Facts = [label: string, value: string | undefined][]

/** Width × height × depth, in centimetres (the catalogue's unit, and DummyJSON's). */
export function dimensionsText(dimensions: Product['dimensions']): string | undefined {
  if (!dimensions) return undefined
  const { width, height, depth } = dimensions
  return `${[width, height, depth].map(formatNumber).join(' × ')} cm (W × H × D)`
}

/** What the data says about the product beyond its description, in four groups (rules.md § Product page). */
function groups(product: Product): { title: string; facts: Facts }[] {
  const minimum = product.minimumOrderQuantity
  const all: { title: string; facts: Facts }[] = [
    {
      title: 'Shipping & Returns',
      facts: [
        ['Shipping', product.shippingInformation],
        ['Returns', product.returnPolicy],
      ],
    },
    { title: 'Warranty', facts: [['Warranty', product.warrantyInformation]] },
    {
      title: 'Size & Weight',
      facts: [
        ['Dimensions', dimensionsText(product.dimensions)],
        ['Weight', product.weight === undefined ? undefined : `${formatNumber(product.weight)} kg`],
      ],
    },
    {
      title: 'Product Information',
      facts: [
        ['SKU', product.sku],
        [
          'Minimum order',
          minimum === undefined ? undefined : `${minimum} ${minimum === 1 ? 'item' : 'items'}`,
        ],
      ],
    },
  ]
  return all
    .map((group) => ({ ...group, facts: group.facts.filter(([, value]) => value) }))
    .filter((group) => group.facts.length > 0)
}

/**
 * The product's details: its own shipping, returns and warranty terms, size, weight, SKU and
 * minimum order. Open on wide screens (and in the server's HTML, so they read without the app);
 * on a phone, an accordion.
 */
export function ProductDetails({ product }: { product: Product }) {
  const wide = useMediaQuery(TABLET_QUERY, true)
  const found = groups(product)
  if (found.length === 0) return null
  return (
    <div className={styles.details}>
      {found.map(({ title, facts }) => (
        <Disclosure key={title} title={title} collapsible={!wide} headingLevel="h3">
          <dl className={styles.facts}>
            {facts.map(([label, value]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Disclosure>
      ))}
    </div>
  )
}
