import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui/loader';
import { useTakeTestGuard } from '../../lib/use-take-test-guard';

/**
 * Pathless layout around the programme pages (decision 022): a user whose first test is pending
 * is sent to /sim-test with 'Please Take Test' before any of them renders.
 */
export function TakeTestFirstRoute() {
  return useTakeTestGuard() ? <Outlet /> : <PageLoader />;
}
