import { Outlet } from '@tanstack/react-router';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
