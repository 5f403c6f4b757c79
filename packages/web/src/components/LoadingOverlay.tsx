import { Spin } from 'antd';

/** The full-screen overlay itself; lazy so the login route does not carry Spin (see loading.tsx). */
export default function LoadingOverlay({ text }: { text: string }) {
  // Spin fullscreen renders its own dimmed backdrop above everything, with the text below the spinner.
  return <Spin fullscreen spinning description={text} size="large" />;
}
