import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../domain/index.js';

/** The product's language for one language tag of Accept-Language, or null for one it does not speak. */
function localeOfTag(tag: string): Locale | null {
  const primary = tag.toLowerCase().split('-')[0];
  // Every Chinese (zh, zh-CN, zh-Hans, zh-TW …) reads the simplified Chinese texts best of the three.
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en-US';
  if (primary === 'de') return 'de-DE';
  return null;
}

interface Range {
  readonly tag: string;
  readonly quality: number;
}

function rangeOf(part: string): Range {
  const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
  const q = parameters.find((parameter) => /^q=/i.test(parameter));
  const quality = q === undefined ? 1 : Number(q.slice(2));
  return { tag, quality: Number.isFinite(quality) ? quality : 0 };
}

/**
 * The language to answer in (RFC 9110 Accept-Language, with q-values): the most preferred tag the
 * product speaks; zh-CN when none is, or when the header is missing or `*`.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map(rangeOf)
    .filter((range) => range.tag !== '' && range.quality > 0)
    // Stable: of equal qualities the earlier tag wins.
    .sort((a, b) => b.quality - a.quality);
  for (const range of ranges) {
    const locale = range.tag === '*' ? DEFAULT_LOCALE : localeOfTag(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export const requestLocale = (request: FastifyRequest): Locale => localeFromAcceptLanguage(request.headers['accept-language']);
