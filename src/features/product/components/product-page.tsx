import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Breadcrumb } from '../../../components/breadcrumb.tsx'
import { Price } from '../../../components/price.tsx'
import { StarRating } from '../../../components/star-rating.tsx'
import { productMessages } from '../../../lib/page-messages.ts'
import { limitsOf, stockMessages } from '../../../domain/cart/quantity.ts'
import { categoryName } from '../../../domain/catalogue/categories.ts'
import { productQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import type { Product, Variant } from '../../../domain/catalogue/catalogue.schemas.ts'
import { chosenVariant } from '../../../domain/catalogue/variants.ts'
import { offerOf } from '../../../../shared/catalogue/variant-offer.ts'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import { perksFor } from './perks-data.ts'
import { Perks } from './perks.tsx'
import { ProductDetails } from './product-details.tsx'
import { ProductGallery } from './product-gallery.tsx'
import styles from './product-page.module.css'
import { PurchaseActions, type Purchasable } from './purchase-actions.tsx'
import { RelatedProducts } from './related-products.tsx'
import { Reviews } from './reviews.tsx'
import { ShippingOptions } from './shipping-options.tsx'
import { VariantPicker } from './variant-picker.tsx'

function stockText(stock: number): string {
  if (stock <= 0) return stockMessages.outOfStock
  return stock < 10 ? `Only ${stock} left` : 'In Stock'
}

/** The photos, the chosen variant's own first: the one the page opens on shows it. */
function photosOf(product: Product, variant: Variant | undefined): string[] {
  const images = product.images.length > 0 ? product.images : [product.thumbnail]
  const own = variant?.image
  return own && images.includes(own) ? [own, ...images.filter((image) => image !== own)] : images
}

/**
 * /product/{id} (rules.md § Product page). The route's loader has the product in the cache before
 * this renders; `variantSku` is the address's `?variant=`.
 */
export function ProductPage({ id, variantSku }: { id: number; variantSku?: string }) {
  const queryClient = useQueryClient()
  const { data: product } = useSuspenseQuery(productQuery(queryClient, id))
  const categories = useCategories()
  const category = categoryName(product.category, categories)
  const variant = chosenVariant(product, variantSku)
  // What the page offers for sale: the product, or the variant chosen (rules.md § Options and variants).
  const offer: Purchasable = offerOf(product, variant)
  const { min } = limitsOf(offer)
  const images = photosOf(product, variant)

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        items={[
          { label: 'Home', link: { to: '/' } },
          {
            label: category,
            link: { to: '/products/$category', params: { category: product.category } },
          },
          {
            label: product.title,
            link: { to: '/product/$id', params: { id: String(product.id) } },
          },
        ]}
      />
      <div className={styles.top}>
        {/* Keyed by the first photo: a variant with its own starts the gallery on it. */}
        <ProductGallery key={images[0]} images={images} title={product.title} />
        <div className={styles.info}>
          {product.brand && <p className={styles.brand}>{product.brand}</p>}
          <h1 className={styles.title}>{product.title}</h1>
          <p className={styles.category}>{category}</p>
          <div className={styles.rating}>
            <StarRating rating={product.rating} withValue />
          </div>
          <Price
            className={styles.price}
            price={offer.price}
            discountPercentage={offer.discountPercentage}
          />
          <p className={styles.stock}>{stockText(offer.stock)}</p>
          {min > 1 && <p className={styles.minimum}>{stockMessages.minimumOrder(min)}</p>}
          <p className={styles.description}>{product.description}</p>
          {variant && <VariantPicker product={product} variant={variant} />}
          <PurchaseActions product={offer} />
          <ShippingOptions shippingInformation={product.shippingInformation} />
        </div>
      </div>
      <section className={styles.section} aria-labelledby="perks-title">
        <h2 id="perks-title">{productMessages.includedWithPurchase}</h2>
        <Perks perks={perksFor(product)} />
      </section>
      <section className={styles.section} aria-labelledby="details-title">
        <h2 id="details-title">Product Details</h2>
        <ProductDetails product={variant ? { ...product, sku: variant.sku } : product} />
      </section>
      <section className={styles.section} aria-labelledby="reviews-title">
        <h2 id="reviews-title">Customer Reviews</h2>
        <Reviews rating={product.rating} reviews={product.reviews ?? []} />
      </section>
      <section className={styles.section} aria-labelledby="related-title">
        <h2 id="related-title">{productMessages.youMightAlsoLike}</h2>
        <RelatedProducts id={product.id} />
      </section>
    </div>
  )
}
