import { PATIENT, RECIPIENT } from './test-data.js';

/** The signed-in user as POST /api/v1/auth/login answers it; the web keeps it in localStorage. */
export interface Session {
  readonly access_token: string;
  readonly user: { readonly id: number; readonly name: string; readonly email: string | null; readonly group: number };
}

export interface OrderView {
  readonly id: string;
  readonly status: number;
  readonly cny_amount: string | null;
  readonly jsfile: readonly { readonly name: string }[];
  readonly [field: string]: unknown;
}

const REQUEST_TIMEOUT_MS = 15_000;

/** POSTs JSON to the API and returns the answer's `data`; any other status throws with the body. */
export async function postJson<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** How long a login refused for its rate (10 an account, 60 an address, a minute) waits before trying again. */
const RATE_WINDOW_MS = 61_000;

/**
 * Signs in through the API. The suite signs the demo staff in from many files within minutes, so a
 * login refused for its rate (429) is tried once more after the window, as a patient client would.
 */
export async function login(baseUrl: string, email: string, password: string): Promise<Session> {
  const attempt = () => postJson<Session>(baseUrl, '/api/v1/auth/login', { email, password, RememberMe: true });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes(' answered 429:')) throw error;
    await new Promise((resolve) => setTimeout(resolve, RATE_WINDOW_MS));
    return attempt();
  }
}

export const findOrder = (baseUrl: string, session: Session, id: string): Promise<OrderView> =>
  postJson<OrderView>(baseUrl, '/api/v1/step/order/find', { id }, session.access_token);

/** The rate to CNY of a currency, markup included, as the amount step shows it. */
export const findRate = (baseUrl: string, currency: string): Promise<string> =>
  postJson<string>(baseUrl, '/api/v1/public/findRate', { currency });

/**
 * An order driven through the step API (amount → accept → send → check → pay with WeChat scan
 * payment, bank 3, or the card-scheme checkout, bank 1): status 2, awaiting documents. Returns its id.
 */
export async function orderAwaitingDocuments(
  baseUrl: string,
  session: Session,
  resource: number,
  amount: string,
  bank: 1 | 3 = 3,
): Promise<string> {
  const token = session.access_token;
  const { id } = await postJson<{ id: string }>(baseUrl, '/api/v1/step/amount/create', { resource, amount, from: 'e2e' }, token);
  await postJson(baseUrl, '/api/v1/step/accept/update', { id, ...RECIPIENT.payload }, token);
  await postJson(baseUrl, '/api/v1/step/send/update', { id, ...PATIENT.payload }, token);
  await postJson(baseUrl, '/api/v1/step/check/update', { id }, token);
  await postJson(baseUrl, '/api/v1/step/pay/update', { id, bank }, token);
  return id;
}

/** A second admin approves every pending proposal (four eyes: what the first admin proposed in the browser). */
export async function approvePending(baseUrl: string, approver: Session): Promise<number> {
  const pending = await postJson<{ id: string }[]>(baseUrl, '/api/v1/manage/approvals', { state: 'pending' }, approver.access_token);
  for (const { id } of pending) await postJson(baseUrl, '/api/v1/manage/approvals/approve', { id }, approver.access_token);
  return pending.length;
}
