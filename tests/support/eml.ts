/**
 * Reads back the e-mail the app wrote to DATA_DIR/outbox: a small RFC 822 / MIME reader
 * (headers, multipart, quoted-printable and base64), enough for the messages nodemailer builds.
 */
import fs from "node:fs";
import path from "node:path";

export interface ParsedMail {
  headers: Map<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

function splitHeaderBody(raw: string): [string, string] {
  const normalized = raw.replace(/\r\n/g, "\n");
  const at = normalized.indexOf("\n\n");
  return at === -1 ? [normalized, ""] : [normalized.slice(0, at), normalized.slice(at + 2)];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold continuation lines first.
  for (const line of block.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words in headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(decodeQuotedPrintableBytes(text.replace(/_/g, " "))).toString("utf8"),
  );
}

function decodeQuotedPrintableBytes(text: string): number[] {
  const bytes: number[] = [];
  const source = text.replace(/=\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, "utf8"));
    }
  }
  return bytes;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(decodeQuotedPrintableBytes(body)).toString("utf8");
    default:
      return body;
  }
}

function collectParts(headers: Map<string, string>, body: string, into: { text: string[]; html: string[] }) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const [head, content] = splitHeaderBody(section.replace(/^\n/, ""));
      collectParts(parseHeaders(head), content.replace(/\n$/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (/^text\/html/i.test(type)) into.html.push(decoded);
  else if (/^text\/plain/i.test(type)) into.text.push(decoded);
}

export function parseEml(raw: string): ParsedMail {
  const [head, body] = splitHeaderBody(raw);
  const headers = parseHeaders(head);
  const parts = { text: [] as string[], html: [] as string[] };
  collectParts(headers, body, parts);
  return {
    headers,
    from: decodeWords(headers.get("from") ?? ""),
    to: decodeWords(headers.get("to") ?? ""),
    subject: decodeWords(headers.get("subject") ?? ""),
    text: parts.text.join("\n"),
    html: parts.html.length ? parts.html.join("\n") : null,
  };
}

/** The .eml files in an outbox directory, oldest first (names start with a timestamp). */
export function outboxFiles(outboxDir: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => path.join(outboxDir, name));
}

/** Every message in the outbox addressed to `to`, oldest first. */
export function mailsTo(outboxDir: string, to: string): ParsedMail[] {
  return outboxFiles(outboxDir)
    .map((file) => parseEml(fs.readFileSync(file, "utf8")))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** The first http(s) link in a message's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string | null {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escaped}[^\\s<>"]*`).exec(mail.text)?.[0] ?? null;
}
