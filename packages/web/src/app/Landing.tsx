import { landingPage } from '@netloom/domain';
import { Navigate } from 'react-router';
import { useMenuContext } from './menu';

/** `/` inside the console: the default landing page of §2 for this session. */
export default function Landing() {
  const ctx = useMenuContext();
  return <Navigate to={landingPage(ctx)} replace />;
}
