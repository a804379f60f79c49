import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AddressSummary } from '../../../components/address-summary.tsx'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import type { Order } from '../../../domain/orders/order.schemas.ts'
import { cancelOrder, toOrder } from '../../../domain/orders/orders.api.ts'
import { useHydrated } from '../../../lib/hydrated.tsx'
import { orderMessages } from '../../../lib/page-messages.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import {
  findOrder,
  findOrderSchema,
  type FindOrderInput,
  type FindOrderOutput,
} from '../find-order.ts'
import { FIND_ORDER_ANSWER_KEY, type FindOrderAnswer } from '../find-order-sent.ts'
import { OrderCard } from './order-card.tsx'
import { CancelOrder } from './order-status.tsx'
import styles from './orders.module.css'
import { findOrderNoScriptMessages } from '../find-order-messages.ts'

/**
 * Find an order's form and what it found (rules.md § Added features, § Validation rules). The app
 * looks the order up itself; without it, the button posts the form to the server, whose page
 * comes with the answer (`FIND_ORDER_ANSWER_KEY`, find-order-sent.ts), shown as the app's would be.
 */
export function FindOrderForm({ number = '' }: { number?: string }) {
  const queryClient = useQueryClient()
  // The server's answer to a form sent without the app, read once: a later visit starts afresh.
  const [sent, setSent] = useState(() =>
    queryClient.getQueryData<FindOrderAnswer>(FIND_ORDER_ANSWER_KEY),
  )
  useEffect(() => queryClient.removeQueries({ queryKey: FIND_ORDER_ANSWER_KEY }), [queryClient])
  const typed = { number: sent?.number ?? number, email: sent?.email ?? '' }
  const form = useForm<FindOrderInput, unknown, FindOrderOutput>({
    resolver: valibotResolver(findOrderSchema),
    mode: 'onTouched',
    defaultValues: typed,
  })
  const { errors } = form.formState
  const lookup = useMutation({ mutationFn: findOrder })
  useFailedAttempt(form, lookup)
  // The server's answer stands until the app looks again; its messages until a field changes.
  const answer = lookup.isIdle ? sent : undefined
  const found = lookup.isIdle ? answer?.order : lookup.data
  const email = lookup.isIdle ? answer?.email : lookup.variables?.email
  // 'Not found' is an answer, not a failure, and goes likewise as a field changes.
  const field = (name: keyof FindOrderInput) =>
    form.register(name, {
      onChange: () => {
        if (lookup.data === null) lookup.reset()
        if (sent && !sent.order) setSent(undefined)
      },
    })

  return (
    <>
      <form
        // The app's own: natively it never sends itself anywhere (lib/early-events.ts), but for
        // its button's post, which only a browser without the app makes.
        method="dialog"
        className={styles.form}
        noValidate
        aria-label={orderMessages.findAnOrder}
        onSubmit={(event) => void form.handleSubmit((values) => lookup.mutate(values))(event)}
      >
        <FormField
          label="Order Number"
          error={errors.number?.message ?? answer?.errors?.number}
          hint={orderMessages.orderNumberHint}
        >
          {(control) => (
            <input
              type="text"
              {...control}
              {...field('number')}
              // In the server's HTML too: the number shows with the first paint, and one typed
              // over it before the app runs stays (the form keeps what was edited before it was ready).
              defaultValue={typed.number}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email?.message ?? answer?.errors?.email}>
          {(control) => (
            <input
              type="email"
              {...control}
              {...field('email')}
              defaultValue={typed.email || undefined}
              autoComplete="email"
            />
          )}
        </FormField>
        <ServerError
          error={
            found === null ? orderMessages.notFound : (lookup.error ?? (answer?.message || null))
          }
        />
        <div>
          <Button
            type="submit"
            // Without the app (its script off, or never come), the browser posts the form to
            // this address, in its body (the email is never in an address), and the server's page
            // answers; the app's own submit prevents it. To the answer, when there is one.
            formMethod="post"
            formAction={`#${FOUND_ID}`}
            disabled={lookup.isPending}
          >
            {lookup.isPending ? orderMessages.finding : orderMessages.find}
          </Button>
        </div>
      </form>
      {found && email && (
        // Each answer afresh (its own key): what was cancelled here is then read again.
        <FoundOrder key={lookup.submittedAt} order={found} email={email} />
      )}
    </>
  )
}

/** The found order's place, where the server's answer opens. */
const FOUND_ID = 'found-order'

/**
 * The order found, its heading focused so that a screen reader reads on from it; a guest may
 * cancel it with the email it was found by, while it is placed.
 */
function FoundOrder({ order: found, email }: { order: Order; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [order, setOrder] = useState(found)
  const hydrated = useHydrated()
  useEffect(() => heading.current?.focus(), [found])
  return (
    <OrderCard order={order} headingRef={heading} id={FOUND_ID}>
      <section aria-labelledby="found-shipping-to" className={styles.section}>
        <h3 id="found-shipping-to">Shipping address</h3>
        <AddressSummary address={order.address} />
      </section>
      {hydrated ? (
        <CancelOrder
          order={order}
          cancel={async () => toOrder(await cancelOrder(order.orderNumber, { email }))}
          onCancelled={setOrder}
        />
      ) : (
        // The server's answer to a form sent without the app: no button that would do nothing,
        // but why there is none (not in <noscript>, which a browser with its scripts blocked
        // rather than off does not show); the app puts the button in its place.
        order.status === 'placed' && (
          <p className={styles.muted}>{findOrderNoScriptMessages.cancelNeedsScript}</p>
        )
      )}
    </OrderCard>
  )
}
