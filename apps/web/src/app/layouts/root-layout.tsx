import { Outlet } from 'react-router';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}
