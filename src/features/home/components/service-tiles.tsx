import { Link } from '@tanstack/react-router'
import { GiftIcon, PenIcon, ShieldIcon, TruckIcon } from '../../../components/icons.tsx'
import styles from './service-tiles.module.css'
import section from './section.module.css'

const TILES = [
  {
    title: '5-Year Warranty',
    serviceType: 'warranty',
    text: 'Every purchase is covered for five years.',
    Icon: ShieldIcon,
  },
  {
    title: 'Free Gift Boxing',
    serviceType: 'shop-gifts',
    text: 'Wrapped by hand, with a note from you.',
    Icon: GiftIcon,
  },
  {
    title: 'Free Shipping & Returns',
    serviceType: 'returns',
    text: 'Free delivery, and 30 days to change your mind.',
    Icon: TruckIcon,
  },
  {
    title: 'Make it Yours',
    serviceType: 'monogram',
    text: 'Monogram bags, jewellery and more.',
    Icon: PenIcon,
  },
] as const

/** The customer-service section of the home page (rules.md § Home page). */
export function ServiceTiles() {
  return (
    <section className={`container ${section.section}`} aria-labelledby="services-title">
      <h2 id="services-title" className={section.title}>
        Customer Service
      </h2>
      <ul className={styles.tiles}>
        {TILES.map(({ title, serviceType, text, Icon }) => (
          <li key={serviceType}>
            <div className={styles.tile}>
              <Icon width={32} height={32} />
              <h3>
                <Link
                  to="/customer-service/$serviceType"
                  params={{ serviceType }}
                  className={styles.link}
                >
                  {title}
                </Link>
              </h3>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
