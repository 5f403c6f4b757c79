// A deliberately small MIME reader: enough to turn what nodemailer sends (plain or
// multipart/alternative, 7bit / quoted-printable / base64, RFC 2047 subjects) into readable text
// for assertions. Not a general-purpose parser.

export interface ParsedMail {
  subject: string;
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 §2.2.3) before splitting name: value.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/**
 * Decodes RFC 2047 encoded words such as `=?UTF-8?Q?Your_code?=`. White space between two adjacent
 * encoded words is not part of the text (§6.2): a long subject folded into several words reads whole.
 */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function stripHtml(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of a part: its plain-text alternative if any, else the HTML without tags. */
function partText(part: Part): string {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const children = part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((c) => !c.startsWith('--'))
      .map((c) => splitPart(c.replace(/^\n/, '')));
    const plain = children.find((c) =>
      (c.headers.get('content-type') ?? '').toLowerCase().startsWith('text/plain'),
    );
    if (plain) return partText(plain);
    return children.map(partText).join('\n');
  }
  const decoded = decodeBody(part);
  return type.startsWith('text/html') ? stripHtml(decoded) : decoded.trim();
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  return { subject: decodeHeader(root.headers.get('subject') ?? ''), text: partText(root) };
}
