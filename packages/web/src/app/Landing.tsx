import { landingPage } from '@netloom/domain';
import { Navigate } from 'react-router';
import { useProjectLocked } from '../features/projects';
import { useMenuContext } from '../session/menuContext';

/** `/` inside the console: the default landing page of §2 for this session. */
export default function Landing() {
  const ctx = useMenuContext(useProjectLocked());
  return <Navigate to={landingPage(ctx)} replace />;
}
