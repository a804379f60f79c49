import type { DummyOptions } from './list-options.ts'

/** What the app-wide middleware leaves for the routes, as DummyJSON's Express stack does. */
export interface DummyEnv {
  Variables: {
    /** `req._options`: the query options every route may read. */
    options: DummyOptions
    /** `req.body`: parsed JSON or form, `{}` when there is none. */
    body: unknown
  }
}
