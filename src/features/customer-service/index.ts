export { ServicePage, ServicePending } from './components/service-page.tsx'
export { isServiceType, loadServiceContent, type ServiceType } from './service-content.ts'
