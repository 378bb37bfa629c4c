import type { Mail } from '../auth/mailer.js';

/** What a product mail says: a title, paragraphs, one link with its button text, and a footnote. */
export interface MailContent {
  readonly to: string;
  readonly subject: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly link: { readonly url: string; readonly label: string };
  readonly footnote: string;
  readonly lang: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The one frame of every mail: plain text (for any mail program) and the same in simple HTML with
 * inline styles (mail programs drop style sheets). Every text is escaped: a bank's note or an
 * order's free text is the payer's or the bank's, never markup.
 */
export function framedMail(content: MailContent): Mail {
  const text = [content.title, '', ...content.paragraphs, '', `${content.link.label}: ${content.link.url}`, '', content.footnote].join(
    '\n',
  );
  const paragraphs = content.paragraphs.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#1f2329">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(content.title)}</h1>${paragraphs}
<p style="margin:20px 0"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#1664ff;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(content.link.label)}</a></p>
<p style="margin:0;font-size:12px;color:#8f959e">${escapeHtml(content.footnote)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
