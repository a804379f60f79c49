import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../features/layout/index.ts'

export const Route = createFileRoute('/_auth/myaccount')({
  component: () => <SimplePage title="Overview" />,
})
