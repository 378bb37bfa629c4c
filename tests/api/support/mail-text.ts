/** Quoted-printable to UTF-8 text (soft line breaks joined, `=XX` bytes decoded). */
function fromQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A stored mail (.eml) as readable text: its headers as they are, then every part's body decoded
 * (base64 or quoted-printable), so a test can look for a link or a sentence whatever the encoding.
 */
export function textOfMail(raw: string): string {
  const sections = raw.split(/\r?\n--[^\r\n]*\r?\n/);
  return sections
    .map((section) => {
      const split = /\r?\n\r?\n/.exec(section);
      if (!split) return section;
      const headers = section.slice(0, split.index);
      const body = section.slice(split.index + split[0].length);
      const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
      if (encoding === 'base64') return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (encoding === 'quoted-printable') return `${headers}\n\n${fromQuotedPrintable(body)}`;
      return section;
    })
    .join('\n');
}
