import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/category` is listed in the spec's route table without a screen (rules.md § Links and fallbacks). */
export const Route = createFileRoute('/category')({
  beforeLoad: () => {
    throw redirect({ to: '/products', replace: true, statusCode: 301 })
  },
})
