import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { renderWithApp } from '../support/render-with-app.js';

/** Any route not under test: shows where the app went. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

/** Renders the given pages at their paths inside the app's providers; other paths show <Where />. */
export function renderPages(path: string, pages: Record<string, ComponentType>) {
  const router = createMemoryRouter(
    [...Object.entries(pages).map(([pagePath, Page]) => ({ path: pagePath, element: <Page /> })), { path: '*', element: <Where /> }],
    { initialEntries: [path] },
  );
  const view = renderWithApp(router);
  return { router, ...view, at: () => router.state.location.pathname + router.state.location.search };
}

export const DEMO_USER = { id: 7, name: 'payer', email: 'payer@example.com', group: 0 };

export const signedIn = () => {
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('user', JSON.stringify(DEMO_USER));
};

/** jsdom has no matchMedia: the phone-width check reads this one. */
export const stubWidth = (width: number) => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return { matches: max ? width <= Number(max[1]) : false, media: query, addEventListener() {}, removeEventListener() {} };
    }),
  );
};

export const INSTITUTIONS = [
  { id: 996, name: '柏林夏里特医院', name_en: 'Charité – Universitätsmedizin Berlin', currency: 'EUR', country: 'Germany' },
  { id: 1001, name: '梅奥诊所', name_en: 'Mayo Clinic', currency: 'USD', country: 'United States' },
  { id: 1002, name: '悉尼大学', name_en: 'The University of Sydney', currency: 'AUD', country: 'Australia' },
  { id: 1004, name: '慕尼黑工业大学', name_en: 'Technical University of Munich', currency: 'EUR', country: 'Germany' },
];

/**
 * A field checked when it is left, then as it is typed: `first` typed and left shows `error`;
 * typing `rest` after it takes the error away.
 */
export async function expectCheckedOnBlur(user: UserEvent, field: HTMLElement, first: string, error: string, rest: string): Promise<void> {
  await user.type(field, first);
  await user.tab();
  expect(screen.getByText(error)).toBeTruthy();
  await user.type(field, rest);
  expect(screen.queryByText(error)).toBeNull();
}

/** A call as sent before signing in (no bearer token), in the default language. */
export const anonymousCall = (path: string, body: Record<string, unknown>) => ({
  path,
  body,
  authorization: null,
  acceptLanguage: 'zh-CN',
});
