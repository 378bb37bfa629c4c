import type { ComponentType } from 'react';
import { createMemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
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

export interface Call {
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly authorization: string | null;
}
type Answer = { status?: number; body: unknown } | ((body: Record<string, unknown>) => { status?: number; body: unknown });

/** Stubs fetch for /api/v1/…: each path answers as given; every call is recorded. */
export function stubApi(answers: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url).replace(/^\/api\/v1/, '');
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      const headers = new Headers(init.headers);
      calls.push({ path, body, authorization: headers.get('authorization') });
      const answer = answers[path];
      if (!answer) return new Response(JSON.stringify({ status: 404, message: 'not stubbed', errors: {} }), { status: 404 });
      const { status = 200, body: json } = typeof answer === 'function' ? answer(body) : answer;
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
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
