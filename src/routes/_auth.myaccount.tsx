import { createFileRoute } from '@tanstack/react-router'
import { MyAccountPage } from '../features/account/components/my-account-page.tsx'

export const Route = createFileRoute('/_auth/myaccount')({
  component: MyAccountPage,
})
