/** The little of structured-data-testing-tool (CommonJS, untyped) that the SSR tests use. */
declare module 'structured-data-testing-tool' {
  export interface SdttTest {
    description?: string
  }
  export interface SdttResult {
    passed: SdttTest[]
    failed: SdttTest[]
    warnings: SdttTest[]
  }
  const sdtt: {
    /** Resolves when every test of the presets passes; rejects with `{ res }` otherwise. */
    structuredDataTest(html: string, options: { presets: readonly unknown[] }): Promise<SdttResult>
  }
  // eslint-disable-next-line no-restricted-syntax -- the package's CommonJS export, as it is
  export default sdtt
}

declare module 'structured-data-testing-tool/presets.js' {
  const presets: Record<'Google' | 'Twitter' | 'Facebook', unknown>
  // eslint-disable-next-line no-restricted-syntax -- the package's CommonJS export, as it is
  export default presets
}
