import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '../../src/components/button.tsx'
import { FormField } from '../../src/components/form-field.tsx'
import { Modal } from '../../src/components/modal.tsx'
import { plainText } from '../../shared/text/plain-text.ts'
import { formatDate } from '../../src/lib/format.ts'
import {
  adminKeys,
  changeOrder,
  OperatorApiError,
  STATUS_NAMES,
  type OrderInFull,
} from '../operator-api.ts'
import styles from '../admin.module.css'

const line = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `${what}: at most ${max} characters`),
    plainText(`${what}: one line, without control characters`),
  )

const shipSchema = v.object({
  carrier: line(80, 'Carrier'),
  trackingNumber: line(80, 'Tracking number'),
  trackingUrl: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(500, 'Tracking link: at most 500 characters'),
    v.check(
      (url) => url === '' || /^https?:\/\/\S+$/i.test(url),
      'Tracking link: a web address, beginning https://',
    ),
  ),
})
type ShipInput = v.InferInput<typeof shipSchema>
type ShipOutput = v.InferOutput<typeof shipSchema>

const cancelSchema = v.object({ reason: line(500, 'Reason') })
type CancelInput = v.InferInput<typeof cancelSchema>
type CancelOutput = v.InferOutput<typeof cancelSchema>

type Change = Parameters<typeof changeOrder>[1]

/**
 * What the operator may do next with an order (docs/api.md § Operator): placed, ship it (carrier,
 * tracking number and link, each optional) or cancel it (a reason, asked to confirm: its units go
 * back to stock and the shopper is mailed); shipped, mark it delivered. A change another operator
 * made first is said, and the order shown as it now is.
 */
export function OrderActions({ order }: { order: OrderInFull }) {
  const queryClient = useQueryClient()
  const [said, setSaid] = useState('')
  const change = useMutation({
    mutationFn: (asked: Change) => changeOrder(order.number, asked),
    onSuccess: (changed) => {
      queryClient.setQueryData(adminKeys.order(order.number), changed)
      setSaid(`Order ${changed.number} is ${STATUS_NAMES[changed.status].toLowerCase()}.`)
      return queryClient.invalidateQueries({ queryKey: adminKeys.orders })
    },
    onError: (error) => {
      // Changed meanwhile (another operator, the shopper's own cancel): show it as it is now.
      if (error instanceof OperatorApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: adminKeys.order(order.number) })
    },
  })
  const act = (asked: Change) => {
    setSaid('')
    change.mutate(asked)
  }
  return (
    <>
      <p role="status" className={said ? styles.notice : styles.empty}>
        {said}
      </p>
      {change.error && (
        <p role="alert" className={styles.problem}>
          {change.error.message}
        </p>
      )}
      {order.status === 'placed' && (
        <>
          <ShipForm
            busy={change.isPending}
            onShip={(tracking) => act({ to: 'shipped', tracking })}
          />
          <CancelForm
            number={order.number}
            busy={change.isPending}
            onCancel={(reason) => act({ to: 'cancelled', ...(reason && { reason }) })}
          />
        </>
      )}
      {order.status === 'shipped' && (
        <div className={styles.stack}>
          <p className={styles.plain}>
            Shipped{order.shippedAt && ` ${formatDate(new Date(order.shippedAt), { time: true })}`}.
            When it has arrived:
          </p>
          <div>
            <Button disabled={change.isPending} onClick={() => act({ to: 'delivered' })}>
              Mark delivered
            </Button>
          </div>
        </div>
      )}
      {(order.status === 'delivered' || order.status === 'cancelled') && (
        <p className={styles.plain}>
          Nothing more to do: this order is {STATUS_NAMES[order.status].toLowerCase()}.
        </p>
      )}
    </>
  )
}

function ShipForm({
  busy,
  onShip,
}: {
  busy: boolean
  onShip: (tracking: { carrier?: string; trackingNumber?: string; trackingUrl?: string }) => void
}) {
  const form = useForm<ShipInput, unknown, ShipOutput>({
    resolver: valibotResolver(shipSchema),
    mode: 'onTouched',
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  })
  const { errors } = form.formState
  return (
    <form
      className={styles.stack}
      noValidate
      aria-label="Ship the order"
      onSubmit={(event) =>
        void form.handleSubmit(({ carrier, trackingNumber, trackingUrl }) =>
          onShip({
            ...(carrier && { carrier }),
            ...(trackingNumber && { trackingNumber }),
            ...(trackingUrl && { trackingUrl }),
          }),
        )(event)
      }
    >
      <h3 className={styles.subheading}>Ship it</h3>
      <div className={styles.fieldRow}>
        <FormField label="Carrier (optional)" error={errors.carrier?.message}>
          {(control) => <input type="text" {...control} {...form.register('carrier')} />}
        </FormField>
        <FormField label="Tracking number (optional)" error={errors.trackingNumber?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...form.register('trackingNumber')}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
      </div>
      <FormField label="Tracking link (optional)" error={errors.trackingUrl?.message}>
        {(control) => (
          <input
            type="url"
            {...control}
            {...form.register('trackingUrl')}
            placeholder="https://"
            spellCheck={false}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          Mark shipped
        </Button>
      </div>
    </form>
  )
}

function CancelForm({
  number,
  busy,
  onCancel,
}: {
  number: string
  busy: boolean
  onCancel: (reason: string) => void
}) {
  const form = useForm<CancelInput, unknown, CancelOutput>({
    resolver: valibotResolver(cancelSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  })
  const { errors } = form.formState
  const [asking, setAsking] = useState<string | undefined>()
  const titleId = useId()
  return (
    <form
      className={`${styles.stack} ${styles.cancel}`}
      noValidate
      aria-label="Cancel the order"
      onSubmit={(event) => void form.handleSubmit(({ reason }) => setAsking(reason))(event)}
    >
      <h3 className={styles.subheading}>Or cancel it</h3>
      <FormField
        label="Reason (optional)"
        error={errors.reason?.message}
        hint="The shopper reads it in the cancellation mail."
      >
        {(control) => <input type="text" {...control} {...form.register('reason')} />}
      </FormField>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          Cancel order…
        </Button>
      </div>
      {asking !== undefined && (
        <Modal labelledBy={titleId} onClose={() => setAsking(undefined)}>
          <h2 id={titleId} className={styles.dialogTitle}>
            Cancel order {number}?
          </h2>
          <p>
            Its units go back to stock and the shopper is mailed that it was cancelled
            {asking ? <> (“{asking}”)</> : null}. This cannot be undone.
          </p>
          <div className={styles.buttons}>
            <Button
              onClick={() => {
                onCancel(asking)
                setAsking(undefined)
              }}
            >
              Cancel the order
            </Button>
            <Button variant="secondary" onClick={() => setAsking(undefined)}>
              Keep it
            </Button>
          </div>
        </Modal>
      )}
    </form>
  )
}
