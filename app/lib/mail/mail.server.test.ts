import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outboxFiles, parseEml } from "../../../tests/support/eml";
import { createMailer, mailIdle, mailSettingsFromEnv, queueMail, sendMail, setMailSettings } from "./mail.server";
import { parseEnv } from "~/lib/env.server";

const FROM = "Toolnest <no-reply@toolnest.test>";
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-mail-"));
});
afterEach(() => setMailSettings(undefined));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("settings from the environment", () => {
  it("uses the outbox under DATA_DIR without SMTP_URL, and SMTP with it", () => {
    const local = mailSettingsFromEnv(parseEnv({ DATA_DIR: "/srv/toolnest", APP_URL: "https://tools.example" }));
    expect(local).toEqual({ smtpUrl: null, from: "Toolnest <no-reply@tools.example>", outboxDir: "/srv/toolnest/outbox" });
    const smtp = mailSettingsFromEnv(parseEnv({ SMTP_URL: "smtps://u:p@mail.example:465", MAIL_FROM: "Ops <ops@x.example>" }));
    expect(smtp.smtpUrl).toBe("smtps://u:p@mail.example:465");
    expect(smtp.from).toBe("Ops <ops@x.example>");
  });
});

describe("outbox (no SMTP_URL)", () => {
  it("writes a real RFC 822 message that reads back with its recipient, subject and link", async () => {
    const outboxDir = path.join(dir, "plain", "outbox");
    const mailer = createMailer({ smtpUrl: null, from: FROM, outboxDir });
    const link = "http://localhost:3000/reset-password?token=abcdefghijklmnopqrstuvwx";
    const sent = await mailer.send({
      to: "admin@example.com",
      subject: "Reset your Toolnest password — now",
      text: `Open this link to choose a new password:\n\n${link}\n\nIt works for one hour.`,
      html: `<p>Open <a href="${link}">this link</a>.</p>`,
    });
    expect(sent.transport).toBe("outbox");
    expect(outboxFiles(outboxDir)).toEqual([sent.file]);
    expect(path.basename(sent.file!)).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    expect(fs.statSync(sent.file!).mode & 0o777).toBe(0o600);

    const raw = fs.readFileSync(sent.file!, "utf8");
    expect(raw).toMatch(/^Message-ID: <.+>$/m);
    expect(raw).toMatch(/^Date: .+$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0$/m);
    const mail = parseEml(raw);
    expect(mail.from).toBe(FROM);
    expect(mail.to).toBe("admin@example.com");
    expect(mail.subject).toBe("Reset your Toolnest password — now");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("It works for one hour.");
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("keeps every message in its own file, and refuses a bad address or a header break-out", async () => {
    const outboxDir = path.join(dir, "many", "outbox");
    const mailer = createMailer({ smtpUrl: null, from: FROM, outboxDir });
    await Promise.all([1, 2, 3].map((n) => mailer.send({ to: `n${n}@example.com`, subject: `Hello ${n}`, text: "Hi" })));
    expect(outboxFiles(outboxDir)).toHaveLength(3);

    await expect(mailer.send({ to: "not an address", subject: "x", text: "y" })).rejects.toThrow();
    const sneaky = await mailer.send({ to: "a@example.com", subject: "Hi\r\nBcc: victim@example.com", text: "y" });
    const mail = parseEml(fs.readFileSync(sneaky.file!, "utf8"));
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.subject).toBe("Hi Bcc: victim@example.com");
  });

  it("queueMail answers at once and delivers in the background; mailIdle waits for it", async () => {
    const outboxDir = path.join(dir, "queued", "outbox");
    setMailSettings({ smtpUrl: null, from: FROM, outboxDir });
    queueMail({ to: "q@example.com", subject: "Queued", text: "Later" });
    await mailIdle();
    expect(outboxFiles(outboxDir).map((f) => parseEml(fs.readFileSync(f, "utf8")).subject)).toEqual(["Queued"]);
    const direct = await sendMail({ to: "d@example.com", subject: "Direct", text: "Now" });
    expect(direct.file && fs.existsSync(direct.file)).toBe(true);
  });
});

describe("SMTP (SMTP_URL set)", () => {
  interface Received {
    from: string | undefined;
    to: string[];
    user: string | undefined;
    raw: string;
  }
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the message to the SMTP server named by the URL, signed in with its credentials", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: FROM, outboxDir: path.join(dir, "unused") });
    const sent = await mailer.send({ to: "admin@example.com", subject: "Reset your Toolnest password", text: "Link: http://x.test/r?token=t" });
    mailer.close();
    expect(sent.transport).toBe("smtp");
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.user).toBe("mailer");
    expect(message!.from).toBe("no-reply@toolnest.test");
    expect(message!.to).toEqual(["admin@example.com"]);
    const mail = parseEml(message!.raw);
    expect(mail.subject).toBe("Reset your Toolnest password");
    expect(mail.text).toContain("http://x.test/r?token=t");
    expect(fs.existsSync(path.join(dir, "unused"))).toBe(false);
  });

  it("rejects when the server refuses the credentials; a queued message only logs the failure", async () => {
    const settings = { smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from: FROM, outboxDir: path.join(dir, "unused") };
    const mailer = createMailer(settings);
    await expect(mailer.send({ to: "a@example.com", subject: "S", text: "T" })).rejects.toThrow();
    mailer.close();

    setMailSettings(settings);
    queueMail({ to: "a@example.com", subject: "S", text: "T" });
    await expect(mailIdle()).resolves.toBeUndefined();
    expect(received).toHaveLength(1);
  });
});
