import type { Plugin } from 'vite'

/** V8's explicit compile hint (Chrome 136+): compile every function of the file as it loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the browser's entry chunk for eager compilation. Its code (React, the router, the app's
 * start-up) runs as every page starts; compiled lazily, each function is compiled on the main
 * thread when first called, inside the start-up and hydration tasks a tap would wait for. With the
 * hint, Chrome compiles the whole file on a background thread while it downloads. Other chunks
 * stay lazy: much of their code runs only on a shopper's action. The comment must be the file's
 * first line, so it goes on after every other plugin has written the chunk.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'meridian-compile-hints',
    apply: (_, { isSsrBuild }) => !isSsrBuild,
    generateBundle: {
      // After Vite's own, which puts its list of preloaded files at the top of the chunk.
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = COMPILE_HINT + chunk.code
        }
      },
    },
  }
}
