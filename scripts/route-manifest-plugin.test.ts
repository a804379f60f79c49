import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { routeManifestSchema } from '../server/static/route-manifest.ts'
import { firstScreens } from '../src/first-screens.ts'
import { routeManifestPlugin } from './route-manifest-plugin.ts'

const routes = '/app/src/routes'
const chunk = (fileName: string, fields: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  imports: [],
  isEntry: false,
  facadeModuleId: null,
  viteMetadata: { importedCss: new Set<string>() },
  ...fields,
})
// A bundle as Vite hands it to generateBundle: the entry, a library chunk the product page shares
// with the entry, a carousel chunk of its own, and the split route components.
const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', {
    isEntry: true,
    imports: ['assets/react-1.js'],
    viteMetadata: { importedCss: new Set(['assets/app-1.css']) },
  }),
  'assets/react-1.js': chunk('assets/react-1.js'),
  'assets/swiper-1.js': chunk('assets/swiper-1.js', {
    imports: ['assets/react-1.js'],
    viteMetadata: { importedCss: new Set(['assets/swiper-1.css']) },
  }),
  'assets/product-1.js': chunk('assets/product-1.js', {
    facadeModuleId: `${routes}/product.$id.tsx?tsr-split=component`,
    imports: ['assets/swiper-1.js', 'assets/react-1.js'],
    viteMetadata: { importedCss: new Set(['assets/product-1.css']) },
  }),
  'assets/home-1.js': chunk('assets/home-1.js', {
    facadeModuleId: `${routes}/index.tsx?tsr-split=component`,
  }),
  'assets/auth-1.js': chunk('assets/auth-1.js', {
    facadeModuleId: `${routes}/_auth.tsx?tsr-split=component`,
  }),
  'assets/account-1.js': chunk('assets/account-1.js', {
    facadeModuleId: `${routes}/_auth.myaccount.tsx?tsr-split=component`,
  }),
  'assets/app-1.css': { type: 'asset', fileName: 'assets/app-1.css' },
}
// The route nodes as the router's generator reports them (the fields the plugin reads).
const node = (filePath: string, routePath: string, cleanedPath: string, isNonPath = false) => ({
  filePath,
  fullPath: `${routes}/${filePath}`,
  routePath,
  cleanedPath,
  isNonPath,
})
const auth = node('_auth.tsx', '/_auth', '', true)
const routeNodes = [
  node('index.tsx', '/', '/'),
  auth,
  { ...node('_auth.myaccount.tsx', '/_auth/myaccount', '/myaccount'), parent: auth },
  node('product.$id.tsx', '/product/$id', '/product/$id'),
  node('products.$category.tsx', '/products/$category', '/products/$category'),
  node('products.index.tsx', '/products/', '/products/'),
]

function build() {
  const { generatorPlugin, vitePlugin } = routeManifestPlugin(firstScreens)
  generatorPlugin.onRouteTreeChanged?.({ routeNodes } as never)
  const emitted: { fileName: string; source: string }[] = []
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message)
    },
  }
  ;(vitePlugin.generateBundle as (...args: unknown[]) => void).call(context, {}, bundle)
  const [file] = emitted
  return {
    fileName: file?.fileName,
    manifest: v.parse(routeManifestSchema, JSON.parse(file?.source ?? '')),
  }
}

describe('the route manifest the build writes', () => {
  it('lists each page with the files it loads beyond the entry', () => {
    const { fileName, manifest } = build()
    expect(fileName).toBe('.vite/routes.json')
    expect(manifest.entry).toEqual({
      scripts: ['assets/index-1.js', 'assets/react-1.js'],
      styles: ['assets/app-1.css'],
    })
    const product = manifest.routes.find((route) => route.path === '/product/$id')
    expect(product).toMatchObject({
      file: 'product.$id.tsx',
      scripts: ['assets/product-1.js', 'assets/swiper-1.js'],
      styles: ['assets/product-1.css', 'assets/swiper-1.css'],
    })
    // A pathless layout is no page (`/` is the home page's alone), but its pages load it.
    expect(manifest.routes.map((route) => route.path)).toEqual([
      '/',
      '/myaccount',
      '/product/$id',
      '/products/$category',
      '/products/',
    ])
    expect(manifest.routes[1]?.scripts.toSorted()).toEqual([
      'assets/account-1.js',
      'assets/auth-1.js',
    ])
    expect(manifest.routes[0]).toMatchObject({ scripts: ['assets/home-1.js'], styles: [] })
  })

  it("writes each page's first request with a placeholder for each path parameter", () => {
    const { manifest } = build()
    const firstScreen = (path: string) =>
      manifest.routes.find((route) => route.path === path)?.firstScreen
    expect(firstScreen('/')).toEqual({ request: 'products?limit=30&skip=0' })
    expect(firstScreen('/product/$id')).toEqual({
      request: 'products/{id}',
      images: { list: 'images', count: 1 },
    })
    expect(firstScreen('/products/$category')).toEqual({
      request: 'products/category/{category}?limit=30&skip=0',
      images: { list: 'products', field: 'thumbnail', count: 4 },
    })
  })

  it('fails the build for a first screen of a route the router does not have', () => {
    const { generatorPlugin, vitePlugin } = routeManifestPlugin({
      ...firstScreens,
      '/nowhere': { request: () => ({ path: 'products' }) },
    })
    generatorPlugin.onRouteTreeChanged?.({ routeNodes } as never)
    const context = {
      error: (message: string) => {
        throw new Error(message)
      },
    }
    expect(() =>
      (vitePlugin.generateBundle as (...args: unknown[]) => void).call(context, {}, bundle),
    ).toThrow(/names no route: \/nowhere/)
  })

  it('fails the build when the router reported no routes', () => {
    const { vitePlugin } = routeManifestPlugin(firstScreens)
    const context = {
      error: (message: string) => {
        throw new Error(message)
      },
    }
    expect(() =>
      (vitePlugin.generateBundle as (...args: unknown[]) => void).call(context, {}, bundle),
    ).toThrow(/no routes/)
  })
})
