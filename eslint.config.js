// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import prettier from 'eslint-config-prettier'
import { defineConfig } from 'eslint/config'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The SPA's import boundaries (conventions): components | lib → features → routes. A feature reaches
 * another only through its public module, index.ts; nothing imports routes/ but the route tree.
 */
const boundaryZones = [
  { target: './src/lib', from: ['./src/components', './src/features', './src/routes'] },
  { target: './src/components', from: ['./src/features', './src/routes'] },
  { target: './src/features', from: './src/routes' },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/features/${feature}`,
        from: `./src/features/${other}`,
        except: ['./index.ts'],
        message: `Import from '../${other}/index.ts', the feature's public module.`,
      })),
  ),
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
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'vitest.setup.ts'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      jsxA11y.flatConfigs.recommended,
      pluginQuery.configs['flat/recommended'],
      pluginRouter.configs['flat/recommended'],
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
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
    // The server is its own program: it never imports the app. It loads the app's server entry as
    // the build made it (dist/server/, server/static/app-server.ts), which renders the pages.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/src/', message: 'The server does not import the app.' }] },
      ],
    },
  },
  {
    // Code the app and the server both run (the search's rules): it imports neither of them.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/(src|server)/',
              message: 'Shared code imports neither the app nor the server.',
            },
          ],
        },
      ],
    },
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
