import { useMatches } from 'react-router';
import { NotAvailable } from '../components/NotAvailable';
import type { FeaturePage } from '../navigation/pendingPages';

/** A menu route whose feature is not built yet; the route's `handle` says which (featurePages.ts). */
export default function PendingFeaturePage() {
  const handle = useMatches().at(-1)?.handle as FeaturePage | undefined;
  if (!handle) return null;
  return <NotAvailable feature={handle.title} description={handle.description} />;
}
