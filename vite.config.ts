/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'
import { catalogueApiPlugin } from './server/dev-plugin.ts'

export default defineConfig(({ command }) => ({
  plugins: [
    // Must come before the React plugin: it rewrites route files for automatic code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    // `npm run dev` / `vite preview` serve the real catalogue API at /api in the same process;
    // never under Vitest, whose tests talk to the API's handler through MSW instead.
    command === 'serve' && !process.env.VITEST ? (catalogueApiPlugin() as PluginOption) : undefined,
  ],
  build: {
    // The manifest lets `npm run size` attribute every chunk to the route that loads it.
    manifest: true,
    target: 'es2022',
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
    ],
  },
}))
