import { CrashScreen } from '../../components/crash-screen';

/** The router's error element: a render error inside a route must not blank the whole site. */
export function RouteError() {
  return <CrashScreen />;
}
