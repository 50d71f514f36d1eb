import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OperatorProvider } from '../auth/operator-context';
import { RequireOperator } from '../auth/can';
import { LoginPage } from '../auth/login-page';
import { LoadingState } from '../components/states';
import HomePage from './home-page';
import { Layout } from './layout';
import { pages } from './pages';
import { NotFoundPage } from './not-found-page';

const EnrolPage = lazy(() => import('../auth/enrol-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route
        path="enrol"
        element={
          <Suspense fallback={<LoadingState />}>
            <EnrolPage />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireOperator>
            <Layout />
          </RequireOperator>
        }
      >
        <Route index element={<HomePage />} />
        {pages.map(({ path, action, component: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireOperator action={action}>
                <Page />
              </RequireOperator>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/console">
        <OperatorProvider>
          <AppRoutes />
        </OperatorProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
