import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Session } from './api.js';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** The viewports the tests run at; the name is also the screenshot folder. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: PHONE,
  wechat: { ...PHONE, userAgent: WECHAT_USER_AGENT },
} as const satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** Per-action and per-navigation bounds, so a missing element fails fast with a clear message. */
const ACTION_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 20_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** The web app keeps the session in localStorage ('access_token', 'user'); a context can start with it. */
function storageWith(baseUrl: string, session: Session): BrowserContextOptions['storageState'] {
  const localStorage = [
    { name: 'access_token', value: session.access_token },
    { name: 'user', value: JSON.stringify(session.user) },
  ];
  return { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] };
}

/** Requests to anywhere but the test server (hero video, official site, WeChat) are aborted. */
async function allowOnlyTheServer(context: BrowserContext, baseUrl: string): Promise<void> {
  const allowed = new URL(baseUrl).host;
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.host === allowed ? route.continue() : route.abort('blockedbyclient');
  });
}

export interface PageOptions {
  /** Start signed in as this user (as if they had logged in before). */
  readonly session?: Session;
}

/** A new page in a fresh context at the given viewport, in Chinese and Beijing time. */
export async function openPage(browser: Browser, baseUrl: string, viewport: ViewportName, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    ...VIEWPORTS[viewport],
    baseURL: baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...(options.session ? { storageState: storageWith(baseUrl, options.session) } : {}),
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  await allowOnlyTheServer(context, baseUrl);
  return context.newPage();
}
