import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { Product, Variant } from '../../../domain/catalogue/catalogue.schemas.ts'
import {
  optionChoices,
  type OptionChoices,
  type ValueChoice,
} from '../../../domain/catalogue/variants.ts'
import { productMessages } from '../../../lib/page-messages.ts'
import styles from './variant-picker.module.css'

/** What a value that cannot be bought as it stands says, beside it and to a screen reader. */
function stateText(choice: ValueChoice, others: string) {
  if (choice.state === 'soldOut') return productMessages.soldOut
  if (choice.state === 'unavailable') return productMessages.notAvailableIn(others)
  return undefined
}

/**
 * The product's options (rules.md § Options and variants): one labelled group per option, each
 * value a link to its variant (`?variant={sku}`), so the picker works before the app runs and
 * without it, and the address keeps the choice. Choosing replaces the history entry and keeps the
 * scroll: Back leaves the product, and opens the variant chosen last.
 */
export function VariantPicker({ product, variant }: { product: Product; variant: Variant }) {
  const id = useId()
  const groups = optionChoices(product, variant)
  return (
    <div className={styles.picker}>
      {groups.map((group, index) => (
        <OptionGroup
          key={group.name}
          labelId={`${id}-${index}`}
          productId={product.id}
          group={group}
          others={groups
            .filter((other) => other !== group)
            .map((other) => other.chosen)
            .join(' ')}
        />
      ))}
    </div>
  )
}

function OptionGroup({
  labelId,
  productId,
  group,
  others,
}: {
  labelId: string
  productId: number
  group: OptionChoices
  others: string
}) {
  const choices = group.values.map((choice) => ({ ...choice, text: stateText(choice, others) }))
  const notes = choices.flatMap(({ value, text }) => (text ? [`${value}: ${text}`] : []))
  return (
    <div role="group" aria-labelledby={labelId} className={styles.group}>
      <p id={labelId} className={styles.label}>
        {group.name}: <span className={styles.chosen}>{group.chosen}</span>
      </p>
      <ul className={styles.values}>
        {choices.map(({ text, ...choice }) => (
          <li key={choice.value}>
            <Link
              to="/product/$id"
              params={{ id: String(productId) }}
              search={{ variant: choice.variant.sku }}
              replace
              resetScroll={false}
              className={styles.value}
              data-state={choice.state}
              aria-current={choice.chosen ? 'true' : undefined}
              // Its state in its name: hidden text beside the value would be a box of its own
              // (positioned), which the browser names with a space before the comma.
              aria-label={text && `${choice.value}, ${text}`}
            >
              {choice.value}
            </Link>
          </li>
        ))}
      </ul>
      {/* Said on each value to a screen reader already; this is for the eye. */}
      {notes.length > 0 && (
        <p className={styles.note} aria-hidden="true">
          {notes.join(' · ')}
        </p>
      )}
    </div>
  )
}
