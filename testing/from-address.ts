import { request } from 'node:http'

export interface AddressedAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * An HTTP request sent from a loopback address of the test's choosing (`127.0.0.x`: all of
 * 127.0.0.0/8 is this machine), so the server sees clients at distinct addresses as it would on a
 * network, with no proxy to name them. Each request opens a connection of its own.
 */
export function requestFrom(
  address: string,
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<AddressedAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method, headers, localAddress: address, agent: false },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        )
        response.on('error', reject)
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

/** A JSON POST from `address`, as the storefront sends one. */
export const postJsonFrom = (address: string, url: string, body: unknown) =>
  requestFrom(address, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

/** The `n`th of 16 million addresses in 10.0.0.0/8: a shopper of its own, as a proxy names it. */
export const nthAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
