/**
 * The code that measures and sends, loaded by start-telemetry.ts when there is something to send:
 * one chunk with web-vitals, so the entry's two imports of it need no list of dependencies each.
 */
export { reportClientError } from './client-errors.ts'
export { reportFieldData } from './field-data.ts'
