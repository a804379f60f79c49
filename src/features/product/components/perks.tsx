import { useEnhanceWhenVisible } from '../../../lib/enhance-when-visible.ts'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import type { Perk } from './perks-data.ts'
import styles from './perks-carousel.module.css'

const PerksCarousel = lazyComponent(() => import('./perks-carousel.tsx'), 'PerksCarousel')

/** The four perks as plain cards; they become the carousel of rules.md § Constants and formulas once near the screen. */
function PerksList({ perks }: { perks: readonly Perk[] }) {
  return (
    <ul className={styles.list}>
      {perks.map(({ title, text, Icon }) => (
        <li key={title} className={styles.perk}>
          <Icon width={32} height={32} />
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  )
}

/** The four perks of rules.md § Product page, with the product's own terms where it has them (perks-data.ts). */
export function Perks({ perks }: { perks: readonly Perk[] }) {
  const { ref, enhance } = useEnhanceWhenVisible<HTMLDivElement>()
  return (
    <div ref={ref}>
      <WhenLoaded piece={PerksCarousel} when={enhance} fallback={<PerksList perks={perks} />}>
        <PerksCarousel perks={perks} />
      </WhenLoaded>
    </div>
  )
}
