import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import HomePage from '../features/catalog/HomePage';
import { ShopLayout } from './ShopLayout';

const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** The one place where features meet: every route of the shop. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
