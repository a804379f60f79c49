import { Link } from '@tanstack/react-router'
import type { Category } from '../../../domain/catalogue/categories.ts'

interface CategoryLinksProps {
  categories: readonly Category[]
  className?: string
  /** A choice closes the menu the links are in. */
  onChoose: () => void
}

/** A menu's list items: a link to each category's listing. */
export function CategoryLinks({ categories, className, onChoose }: CategoryLinksProps) {
  return categories.map((category) => (
    <li key={category.slug}>
      <Link
        to="/products/$category"
        params={{ category: category.slug }}
        className={className}
        onClick={onChoose}
      >
        {category.name}
      </Link>
    </li>
  ))
}
