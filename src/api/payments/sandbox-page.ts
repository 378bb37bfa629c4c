import { createHash } from 'node:crypto';
import { isStatus, statusText } from '../../domain/index.js';

/**
 * The sandbox checkout's HTML: small, self-contained pages (one style element, no script, no
 * outside resource) that look enough like a provider's hosted checkout to try the whole flow locally.
 */
const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
.badge{display:inline-block;background:#fff3cd;color:#856404;border-radius:4px;padding:2px 8px;font-size:12px}
.amount{font-size:32px;font-weight:600;margin:16px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}dt{color:#666}
button{display:block;width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.full{background:#07c160;color:#fff}.part{background:#e8e8e8}
.ok{color:#07c160}.refused{color:#c0392b}
`;

/** Its own policy, stricter than the app's: nothing loads; the one style element is allowed by its hash. */
const styleHash = createHash('sha256').update(STYLE).digest('base64');
export const SANDBOX_PAGE_CSP = `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** The status in the catalogue's Chinese (the page is the sandbox's, shown in Chinese). */
const statusLine = (status: number | null | undefined): string => (isStatus(status) ? statusText(status) : '未知');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><span class="badge">沙箱 / sandbox</span>${body}</main></body></html>`;
}

export interface CheckoutView {
  readonly orderId: string;
  readonly payee: string;
  readonly amountCny: string;
  readonly partCny: string | null;
  readonly status: number | null;
  readonly payAction: string;
}

export function checkoutPage(view: CheckoutView): string {
  const partButton = view.partCny
    ? `<button class="part" name="portion" value="part">支付部分金额 CNY ${escapeHtml(view.partCny)}（沙箱）/ pay part (sandbox)</button>`
    : '';
  return layout(
    '收银台 / Checkout',
    `<h1>收银台</h1>
<div class="amount">CNY ${escapeHtml(view.amountCny)}</div>
<dl><dt>收款方</dt><dd>${escapeHtml(view.payee)}</dd><dt>订单</dt><dd>${escapeHtml(view.orderId)}</dd><dt>订单状态</dt><dd>${escapeHtml(statusLine(view.status))}</dd></dl>
<form method="post" action="${escapeHtml(view.payAction)}">
<button class="full" name="portion" value="full">全额支付 / pay in full</button>
${partButton}
</form>`,
  );
}

export interface ResultView {
  readonly succeeded: boolean;
  readonly message: string;
  readonly amountCny: string;
  readonly status: number | null;
  readonly orderUrl: string;
}

export function resultPage(view: ResultView): string {
  const heading = view.succeeded ? '<h1 class="ok">支付成功</h1>' : '<h1 class="refused">支付未完成</h1>';
  return layout(
    view.succeeded ? '支付成功' : '支付未完成',
    `${heading}
<p>${escapeHtml(view.message)}</p>
<dl><dt>金额</dt><dd>CNY ${escapeHtml(view.amountCny)}</dd><dt>订单状态</dt><dd>${escapeHtml(statusLine(view.status))}</dd></dl>
<p><a href="${escapeHtml(view.orderUrl)}">返回订单 / back to the order</a></p>`,
  );
}

export const invalidLinkPage = (): string => layout('链接无效', '<h1 class="refused">付款链接无效</h1><p>请回到订单页重新发起付款。</p>');
