export { BillingTab } from './components/billing-tab.tsx';
export { BillingAuditLogsTab } from './components/billing-audit-logs-tab.tsx';
export { MarketplaceTab } from './components/marketplace-tab.tsx';
