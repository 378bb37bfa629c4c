import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/layout.js';
import { NotFoundPage, RouteError } from './pages.js';
import { RequireLogin } from './require-login.js';

/** Each screen's code loads when its route is first visited (route-level code splitting). */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', ...page(() => import('../features/home/home-page.js')) },
          { path: '/home/phone', ...page(() => import('../features/home/phone-search-page.js')) },
          { path: '/login', ...page(() => import('../features/auth/login-page.js')) },
          { path: '/register', ...page(() => import('../features/auth/register-page.js')) },
          { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page.js')) },
          { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page.js')) },
          { path: '/terms', ...page(() => import('../features/legal/terms-page.js')) },
          { path: '/privacy', ...page(() => import('../features/legal/privacy-page.js')) },
          { path: '/step/amount/:id?', ...page(() => import('../features/steps/amount-page.js')) },
          { path: '/step/accept/:id?', ...page(() => import('../features/steps/accept-page.js')) },
          { path: '/step/send/:id?', ...page(() => import('../features/steps/send-page.js')) },
          { path: '/step/check/:id?', ...page(() => import('../features/steps/check-page.js')) },
          { path: '/step/pay/:id?', ...page(() => import('../features/steps/pay-page.js')) },
          { path: '/order/:id', ...page(() => import('../features/orders/order-page.js')) },
          { path: '/step/order/:id', ...page(() => import('../features/orders/order-page.js')) },
          { path: '/receipts/:receipt_no', ...page(() => import('../features/receipts/receipt-page.js')) },
          { path: '/upload_documents/:token', ...page(() => import('../features/upload/upload-documents-page.js')) },
          {
            element: <RequireLogin />,
            children: [
              { path: '/orders', ...page(() => import('../features/orders/orders-page.js')) },
              { path: '/account/security', ...page(() => import('../features/auth/security-page.js')) },
              { path: '/stocks', ...page(() => import('../features/warehouse/stocks-page.js')) },
              { path: '/manage', ...page(() => import('../features/manage/manage-page.js')) },
              { path: '/manage/orders/:id', ...page(() => import('../features/manage/manage-order-page.js')) },
              { path: '/warehouse/in/:id', ...page(() => import('../features/warehouse/inbound-page.js')) },
              { path: '/warehouse/out/:id', ...page(() => import('../features/warehouse/outbound-page.js')) },
              { path: '/warehouse/box/:id', ...page(() => import('../features/warehouse/box-page.js')) },
              { path: '/logistics/waybill/:id', ...page(() => import('../features/warehouse/waybill-page.js')) },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
