import { createFileRoute } from '@tanstack/react-router'
import { UserAuthPage } from '../features/account/components/userauth-page.tsx'

export const Route = createFileRoute('/userauth')({
  component: UserAuthPage,
})
