import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AddressSummary } from '../../../components/address-summary.tsx'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import type { Order } from '../../../domain/orders/order.schemas.ts'
import { cancelOrder, toOrder } from '../../../domain/orders/orders.api.ts'
import { orderMessages } from '../../../lib/page-messages.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import {
  findOrder,
  findOrderSchema,
  type FindOrderInput,
  type FindOrderOutput,
} from '../find-order.ts'
import { OrderCard } from './order-card.tsx'
import { CancelOrder } from './order-status.tsx'
import styles from './orders.module.css'

/** Find an order's form and what it found (rules.md § Added features, § Validation rules). */
export function FindOrderForm({ number = '' }: { number?: string }) {
  const form = useForm<FindOrderInput, unknown, FindOrderOutput>({
    resolver: valibotResolver(findOrderSchema),
    mode: 'onTouched',
    defaultValues: { number, email: '' },
  })
  const { errors } = form.formState
  const lookup = useMutation({ mutationFn: findOrder })
  useFailedAttempt(form, lookup)
  const found = lookup.data
  // 'Not found' is an answer, not a failure, and goes likewise as a field changes.
  const field = (name: keyof FindOrderInput) =>
    form.register(name, { onChange: () => found === null && lookup.reset() })

  return (
    <>
      <form
        // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
        method="dialog"
        className={styles.form}
        noValidate
        aria-label={orderMessages.findAnOrder}
        onSubmit={(event) => void form.handleSubmit((values) => lookup.mutate(values))(event)}
      >
        <FormField
          label="Order Number"
          error={errors.number?.message}
          hint={orderMessages.orderNumberHint}
        >
          {(control) => (
            <input
              type="text"
              {...control}
              {...field('number')}
              // In the server's HTML too: the number shows with the first paint, and one typed
              // over it before the app runs stays (the form keeps what was edited before it was ready).
              defaultValue={number}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input type="email" {...control} {...field('email')} autoComplete="email" />
          )}
        </FormField>
        <ServerError error={found === null ? orderMessages.notFound : lookup.error} />
        <div>
          <Button type="submit" disabled={lookup.isPending}>
            {lookup.isPending ? orderMessages.finding : orderMessages.find}
          </Button>
        </div>
      </form>
      {found && lookup.variables && (
        // Each answer afresh (its own key): what was cancelled here is then read again.
        <FoundOrder key={lookup.submittedAt} order={found} email={lookup.variables.email} />
      )}
    </>
  )
}

/**
 * The order found, its heading focused so that a screen reader reads on from it; a guest may
 * cancel it with the email it was found by, while it is placed.
 */
function FoundOrder({ order: found, email }: { order: Order; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [order, setOrder] = useState(found)
  useEffect(() => heading.current?.focus(), [found])
  return (
    <OrderCard order={order} headingRef={heading}>
      <section aria-labelledby="found-shipping-to" className={styles.section}>
        <h3 id="found-shipping-to">Shipping address</h3>
        <AddressSummary address={order.address} />
      </section>
      <CancelOrder
        order={order}
        cancel={async () => toOrder(await cancelOrder(order.orderNumber, { email }))}
        onCancelled={setOrder}
      />
    </OrderCard>
  )
}
