// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import prettier from 'eslint-config-prettier'
import { defineConfig } from 'eslint/config'
import {
  createTypeScriptImportResolver,
  defaultConditionNames,
} from 'eslint-import-resolver-typescript'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * What the product code (src/, server/, shared/; not its tests) may import. The app's layers, each
 * importing only those before it: lib → domain → components → features → app → routes. domain/
 * holds what several features read (the catalogue, the cart, the session...), components/ the UI
 * they share; a feature never imports another feature: the routes, and the app's frame (app/,
 * which composes features for every route), put them together. The server never imports the app,
 * shared/ imports neither, and no product code imports test support, build code or benchmarks.
 */
const layers = ['lib', 'domain', 'components', 'features', 'app', 'routes']
const productZones = [
  ...layers.slice(0, -1).map((layer, index) => ({
    target: `./src/${layer}`,
    from: layers.slice(index + 1).map((above) => `./src/${above}`),
    message: `src/${layer} is below ${layers
      .slice(index + 1)
      .map((above) => `src/${above}`)
      .join(', ')} (eslint.config.js).`,
  })),
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another: move what both need to src/domain or src/components, or compose them in the route.',
  })),
  { target: './server', from: './src', message: 'The server does not import the app.' },
  {
    target: './shared',
    from: ['./src', './server'],
    message: 'Shared code imports neither the app nor the server.',
  },
  {
    target: ['./src', './server', './shared'],
    from: ['./testing', './src/test', './e2e', './build', './bench'],
    message: 'Product code imports no test support, build code or benchmark.',
  },
  // The back office (admin/) is an app of its own: no shopper's page imports it, and it takes from
  // the storefront only what carries no route of the storefront's (lib/, components/, styles/).
  {
    target: ['./src', './server', './shared'],
    from: './admin',
    message: 'No shopper’s code imports the back office.',
  },
  {
    target: './admin',
    from: [
      './src/domain',
      './src/features',
      './src/app',
      './src/routes',
      './src/router.tsx',
      './server',
    ],
    message:
      'The back office takes from the storefront only src/lib, src/components and src/styles.',
  },
]

export default defineConfig(
  {
    ignores: [
      'dist/',
      'coverage/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolved as TypeScript does (tsconfig.json and its references); imports name their .ts/.tsx.
      // jotai's types are under the versioned condition `types@>=5.5`, which TypeScript matches and
      // the resolver does not: without it, 'jotai' and 'jotai/utils' both resolve to jotai's fallback
      // .d.ts, and import-x/no-duplicates takes them for one module.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          conditionNames: ['types@>=5.5', ...defaultConditionNames],
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'vitest.setup.ts'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      jsxA11y.flatConfigs.recommended,
      pluginQuery.configs['flat/recommended'],
      pluginRouter.configs['flat/recommended'],
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The router's generated code and loaders use thrown redirects/notFound, which are not Errors.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            {
              from: 'package',
              package: '@tanstack/router-core',
              name: ['Redirect', 'NotFoundError'],
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-router',
              importNames: ['useHydrated', 'ClientOnly'],
              message:
                "Use lib/hydrated.tsx: the router's flag re-renders every component that reads it synchronously, right after hydration.",
            },
          ],
        },
      ],
    },
  },
  {
    // Route files export only `Route` (anything else defeats automatic code splitting).
    files: ['src/routes/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector:
            'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name!="Route"]',
          message: 'Route files export only Route.',
        },
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration',
          message: 'Route files export only Route.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    // Tests and their support compose whatever they test.
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**', 'admin/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: productZones }] },
  },
  {
    // Config files are loaded by their tools, which expect a default export.
    files: ['*.config.{js,ts}', 'e2e/*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Runs as a service worker, not as a module of the app.
    files: ['src/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
)
