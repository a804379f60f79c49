import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import {
  adminKeys,
  changeStock,
  fetchStock,
  OperatorApiError,
  type StockLine,
  type StockPage as Page,
} from '../operator-api.ts'
import styles from '../admin.module.css'
import { LoadError, PageHeading } from './frame.tsx'
import { Pager, SearchForm, textOf } from './parts.tsx'

const route = getRouteApi('/admin/stock')

/** Variants a page of the stock shows. */
export const STOCK_PER_PAGE = 25

/** At or under this, a level is low: marked so on the page. */
const LOW = 5

/**
 * Every variant's level, lowest first, searched by product, SKU or id. A level is set after a
 * count, or moved by a delivery (+N) or a loss (−N) relative to the level as it then stands, so
 * an order placed meanwhile is never undone (docs/api.md § Operator).
 */
export function StockPage() {
  const { q, page } = route.useSearch()
  const navigate = useNavigate({ from: '/admin/stock' })
  const stock = useQuery({
    queryKey: [...adminKeys.stock, { q, page }],
    queryFn: ({ signal }) =>
      fetchStock({ q, skip: (page - 1) * STOCK_PER_PAGE, limit: STOCK_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  })
  const pages = Math.max(1, Math.ceil((stock.data?.total ?? 0) / STOCK_PER_PAGE))
  return (
    <>
      <PageHeading title="Stock">Stock</PageHeading>
      <SearchForm
        label="Find products"
        fieldLabel="Product, SKU or id"
        q={q}
        onSearch={(_form, text) => void navigate({ search: { q: text || undefined, page: 1 } })}
        clear={
          q && (
            <Link to="/admin/stock" search={{ page: 1 }} className={styles.textLink}>
              Clear
            </Link>
          )
        }
      />
      {stock.error && !stock.data ? (
        <LoadError error={stock.error} retry={() => void stock.refetch()} />
      ) : !stock.data ? (
        <p role="status">Loading the stock…</p>
      ) : (
        <>
          <p role="status" className={styles.muted}>
            {stock.data.total === 0
              ? 'No product matches: try part of its name, or its SKU.'
              : `${stock.data.total} ${stock.data.total === 1 ? 'level' : 'levels'}, lowest first`}
          </p>
          <ul className={styles.list} aria-label="Stock levels, lowest first">
            {stock.data.lines.map((line) => (
              <StockRow key={`${line.productId}/${line.sku}`} line={line} />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label="Pages of stock"
            link={(next, text) => (
              <Link to="/admin/stock" search={{ q, page: next }} className={styles.textLink}>
                {text}
              </Link>
            )}
          />
        </>
      )}
    </>
  )
}

/** Why a change was refused: a loss larger than the level says how many there are. */
function refusal(error: Error): string {
  const available =
    error instanceof OperatorApiError && error.status === 409
      ? (error.body as { lines?: { available?: unknown }[] } | null)?.lines?.[0]?.available
      : undefined
  return typeof available === 'number'
    ? `Only ${available} in stock: nothing was taken.`
    : error.message
}

/** A whole number from a field, or undefined when it is none. */
const wholeNumber = (text: string) => {
  const given = text.trim().replace('−', '-')
  return /^[+-]?\d{1,7}$/.test(given) ? Number(given) : undefined
}

/**
 * One variant's level and its two changes: set (after a count) and add (a delivery, or a loss
 * with −). The level changes in place; the list keeps its order until it is asked again.
 */
function StockRow({ line }: { line: StockLine }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [said, setSaid] = useState('')
  const [fieldError, setFieldError] = useState<{ set?: string; by?: string }>({})
  const name = `${line.title}${line.label ? `, ${line.label}` : ''}`
  const change = useMutation({
    mutationFn: (asked: { set: number } | { by: number }) => changeStock(line, asked),
    onSuccess: (changed, asked) => {
      // Every page of the list that shows this variant shows its new level.
      queryClient.setQueriesData<Page>(
        { queryKey: adminKeys.stock },
        (page) =>
          page && {
            ...page,
            lines: page.lines.map((shown) =>
              shown.productId === line.productId && shown.sku === line.sku
                ? { ...shown, stock: changed.stock }
                : shown,
            ),
          },
      )
      setSaid(
        'by' in asked
          ? `${asked.by > 0 ? 'Added' : 'Took'} ${Math.abs(asked.by)}: ${changed.before} → ${changed.stock}.`
          : `Set: ${changed.before} → ${changed.stock}.`,
      )
    },
  })
  const submit = (kind: 'set' | 'by') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const value = wholeNumber(textOf(form, kind))
    const problem =
      value === undefined
        ? 'A whole number'
        : kind === 'set' && value < 0
          ? 'At least 0'
          : kind === 'by' && value === 0
            ? 'Not 0: + for a delivery, − for a loss'
            : undefined
    setFieldError({ [kind]: problem })
    setSaid('')
    if (problem || value === undefined) return
    change.mutate(kind === 'set' ? { set: value } : { by: value }, {
      onSuccess: () => form.reset(),
    })
  }
  const level = line.stock === 0 ? 'Out of stock' : line.stock <= LOW ? 'Low' : undefined
  return (
    <li className={styles.stockRow} aria-labelledby={`${id}-name`}>
      <div className={styles.stockWhat}>
        <span id={`${id}-name`} className={styles.lineTitle}>
          {name}
        </span>
        <span className={styles.muted}>SKU {line.sku}</span>
      </div>
      <p className={styles.level}>
        <span className={styles.levelNumber}>{line.stock}</span>{' '}
        <span className={styles.muted}>in stock</span>
        {level && (
          <span className={styles.badge} data-level={line.stock === 0 ? 'out' : 'low'}>
            {level}
          </span>
        )}
      </p>
      <form
        className={styles.stockForm}
        noValidate
        onSubmit={submit('set')}
        aria-label={`Set the level of ${name}`}
      >
        <label htmlFor={`${id}-set`}>Counted</label>
        <input
          id={`${id}-set`}
          name="set"
          type="number"
          min={0}
          step={1}
          aria-invalid={fieldError.set ? true : undefined}
          aria-describedby={fieldError.set ? `${id}-set-error` : undefined}
        />
        <button type="submit" className={styles.quiet} disabled={change.isPending}>
          Set
        </button>
        {fieldError.set && (
          <span id={`${id}-set-error`} className={styles.fieldError}>
            {fieldError.set}
          </span>
        )}
      </form>
      <form
        className={styles.stockForm}
        noValidate
        onSubmit={submit('by')}
        aria-label={`Add a delivery of ${name}`}
      >
        <label htmlFor={`${id}-by`}>Delivery (+N)</label>
        <input
          id={`${id}-by`}
          name="by"
          type="number"
          step={1}
          aria-invalid={fieldError.by ? true : undefined}
          aria-describedby={fieldError.by ? `${id}-by-error` : undefined}
        />
        <button type="submit" className={styles.quiet} disabled={change.isPending}>
          Add
        </button>
        {fieldError.by && (
          <span id={`${id}-by-error`} className={styles.fieldError}>
            {fieldError.by}
          </span>
        )}
      </form>
      <p role="status" className={change.error ? styles.problem : styles.muted}>
        {change.error ? refusal(change.error) : said}
      </p>
    </li>
  )
}
