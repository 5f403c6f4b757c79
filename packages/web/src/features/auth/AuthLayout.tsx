import { ApartmentOutlined, ClusterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Outlet } from 'react-router';
import '../../styles/auth.css';

const POINTS = [
  {
    icon: <ClusterOutlined aria-hidden />,
    title: 'Every site, one console',
    text: 'Group routers, switches, access points and mesh nodes into projects, one per site.',
  },
  {
    icon: <ApartmentOutlined aria-hidden />,
    title: 'Traditional or cable-free',
    text: 'Run each project as a traditional WLAN or a cable-free mesh network.',
  },
  {
    icon: <SafetyCertificateOutlined aria-hidden />,
    title: 'Changes you can trust',
    text: 'Every configuration is versioned, delivered to each device and restorable from its history.',
  },
];

/** Sign-in screens: a calm product panel on the left, the form on the right (§2 "Login screen"). */
export default function AuthLayout() {
  return (
    <div className="nl-auth">
      <aside className="nl-auth-panel" aria-label="About Netloom">
        <div className="nl-auth-brand">
          <img src="/netloom-mark.svg" alt="" width={36} height={36} />
          <span>Netloom</span>
        </div>
        <div className="nl-auth-pitch">
          <h1>The cloud console for the networks you install and run.</h1>
          <ul>
            {POINTS.map((p) => (
              <li key={p.title}>
                <span className="nl-auth-point-icon">{p.icon}</span>
                <span>
                  <strong>{p.title}</strong>
                  <br />
                  {p.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="nl-auth-panel-foot">© {new Date().getFullYear()} Netloom</div>
      </aside>
      <main className="nl-auth-main">
        <div className="nl-auth-mobile-brand">
          <img src="/netloom-mark.svg" alt="" width={28} height={28} />
          <span>Netloom</span>
        </div>
        <Outlet />
      </main>
    </div>
  );
}
