import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config'
import { lightToken } from './build/design-tokens.ts'

// The app's icons, made at build time from its one SVG logo (vite-plugin-pwa's assets generator):
// favicon.ico, PNGs of 64, 192 and 512 px, a maskable 512 and the apple-touch-icon. The maskable
// and Apple icons sit on the brand colour, with the safe-zone padding the preset keeps.
const backdrop = { resizeOptions: { background: lightToken('--color-primary') } }

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, ...backdrop },
    apple: { ...minimal2023Preset.apple, ...backdrop },
  },
  images: ['public/favicon.svg'],
})
