import type { Address } from '../../shared/address/address.schema.ts'

/** An address as a postal block. */
export function AddressSummary({ address }: { address: Address }) {
  return (
    <address style={{ fontStyle: 'normal', lineHeight: 1.6 }}>
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.code}
      <br />
      {address.mobile}
      <br />
      {address.email}
    </address>
  )
}
