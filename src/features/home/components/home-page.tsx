import { BestSellers } from './best-sellers.tsx'
import { CategoryCarousel } from './category-carousel.tsx'
import { Hero } from './hero.tsx'
import { ServiceTiles } from './service-tiles.tsx'

export function HomePage() {
  return (
    <>
      <Hero />
      <CategoryCarousel />
      <BestSellers />
      <ServiceTiles />
    </>
  )
}
