// Mail through an SMTP relay (deploy/README.md, "Mail"; cms/README.md, "Closed doors"): a real SMTP
// server in this process on a loopback port, the content system started once with SMTP_HOST and
// SMTP_PORT pointing at it (no TLS on loopback: SMTP_IGNORE_TLS=true), then the site users' and the
// admin panel's forgot-password: one message each, to that address, from MAIL_FROM, with a link to
// its reset page (the site's: PUBLIC_URL/reset-password) whose code resets the password once, and
// only to a password the site's rule accepts. Then the production refusal of SMTP_HOST without
// MAIL_FROM.
// Needs the admin panel built once (`npm run build` in cms/); the server code is compiled here.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import {
  adminSignIn,
  compileServer,
  DEMO_EDITOR,
  DEMO_PASSWORD,
  freePort,
  refusedStart,
  secrets,
  signIn,
  startStrapi,
  stopPart,
  untilEmitted,
} from './helpers.mjs';

const MAIL_FROM = 'CIFFC Mail Test <no-reply@ciffc.test>';
const MAIL_REPLY_TO = 'help@ciffc.test';

/** A message's text with its parts decoded (quoted-printable or base64), headers kept. */
const decoded = (raw) =>
  raw
    .split(/\r?\n(?=--)/)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const [head, body] = [part.slice(0, split), part.slice(split)];
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'base64') {
        const text = body.split(/\r?\n--/)[0] ?? '';
        return `${head}\n\n${Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      }
      if (encoding === 'quoted-printable')
        return (
          head +
          Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        );
      return part;
    })
    .join('\n');

/** A text as a regular expression matching it literally. */
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of a top-level header of a raw message. */
const header = (raw, name) => {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
};

describe('mail through an SMTP relay', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-mail-'));
  /** Every message the relay accepted: `{ from, to, raw }`. */
  const received = [];
  /** Emits `message` once a message is in `received`. */
  const relay = new EventEmitter();
  let smtp;
  let cms;

  /** The relay's next message after the first `count` ones (waits up to 15 s for it to arrive). */
  const message = async (count) => {
    await untilEmitted(relay, 'message', () => received.length > count, 15_000);
    assert.ok(received.length > count, `no message after ${count}`);
    return received[count];
  };

  const post = async (pathname, body) => {
    const res = await fetch(`${cms.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };

  before(async () => {
    compileServer();
    smtp = new SMTPServer({
      // Loopback: no TLS offered, no sign-in asked (the settings of a local relay).
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          relay.emit('message');
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(smtpPort, '127.0.0.1', resolve);
    });
    const port = await freePort();
    cms = await startStrapi({
      ...secrets(),
      NODE_ENV: 'development',
      CIFFC_DEMO: '1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_FILENAME: path.join(tmp, 'cms.db'),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_IGNORE_TLS: 'true',
      MAIL_FROM,
      MAIL_REPLY_TO,
    });
  });

  after(async () => {
    await stopPart(cms);
    if (smtp) await new Promise((resolve) => smtp.close(resolve));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('POST /api/auth/forgot-password sends one mail from MAIL_FROM whose code resets the password', async () => {
    const sent = received.length;
    const forgot = await post('/api/auth/forgot-password', { email: 'ab@demo.ciffc.local' });
    assert.equal(forgot.status, 200, forgot.text);
    assert.deepEqual(forgot.json, { ok: true });

    const mail = await message(sent);
    assert.equal(mail.from, 'no-reply@ciffc.test');
    assert.deepEqual(mail.to, ['ab@demo.ciffc.local']);
    assert.match(header(mail.raw, 'From') ?? '', /^"?CIFFC Mail Test"? <no-reply@ciffc\.test>$/);
    assert.equal(header(mail.raw, 'To'), 'ab@demo.ciffc.local');
    assert.equal(header(mail.raw, 'Reply-To'), MAIL_REPLY_TO);
    // The link leads to the site's reset page (PUBLIC_URL, here the content system's own address).
    const link = new RegExp(`${escaped(cms.url)}/reset-password\\?code=([0-9a-f]{128})\\b`).exec(
      decoded(mail.raw),
    );
    assert.ok(link, `no link to ${cms.url}/reset-password in:\n${decoded(mail.raw)}`);
    const code = link[1];
    // The site's template: the link clickable, the message in English and in French.
    assert.ok(decoded(mail.raw).includes(`href="${cms.url}/reset-password?code=${code}"`), decoded(mail.raw));
    assert.match(decoded(mail.raw), /To choose a new password, open this link/);
    assert.match(decoded(mail.raw), /Pour choisir un nouveau mot de passe, ouvrez ce lien/);

    // The site's password rule holds for a reset too, and a refused reset leaves the code usable.
    const short = 'Short-pass1';
    const refused = await post('/api/auth/reset-password', {
      code,
      password: short,
      passwordConfirmation: short,
    });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.json.error.message, /at least 12 characters/);
    assert.equal((await signIn(cms.url, 'ab', short)).status, 400);

    const password = 'New-site-password-1';
    const reset = await post('/api/auth/reset-password', { code, password, passwordConfirmation: password });
    assert.equal(reset.status, 200, reset.text);
    assert.ok(reset.json.jwt);
    assert.equal((await signIn(cms.url, 'ab', password)).status, 200);
    assert.equal((await signIn(cms.url, 'ab', DEMO_PASSWORD)).status, 400);
    // The code is spent.
    const again = await post('/api/auth/reset-password', { code, password, passwordConfirmation: password });
    assert.equal(again.status, 400, again.text);

    // An unknown address gets the same answer and no mail.
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.org' });
    assert.equal(unknown.status, 200, unknown.text);
    assert.deepEqual(unknown.json, forgot.json);
    // No fixed wait for a mail that must not come: a known address asked next is mailed next, so a
    // mail for the unknown one would have arrived before it.
    await post('/api/auth/forgot-password', { email: 'bc@demo.ciffc.local' });
    const next = await message(sent + 1);
    assert.deepEqual(next.to, ['bc@demo.ciffc.local']);
  });

  it("POST /admin/forgot-password sends the admin panel's reset link from MAIL_FROM, and the link's code works", async () => {
    const sent = received.length;
    const forgot = await post('/admin/forgot-password', { email: DEMO_EDITOR.email });
    assert.equal(forgot.status, 204, forgot.text);

    const mail = await message(sent);
    assert.equal(mail.from, 'no-reply@ciffc.test');
    assert.deepEqual(mail.to, [DEMO_EDITOR.email]);
    assert.match(header(mail.raw, 'From') ?? '', /^"?CIFFC Mail Test"? <no-reply@ciffc\.test>$/);
    const link = new RegExp(`${cms.url}/admin/auth/reset-password\\?code=([0-9a-f]+)`).exec(
      decoded(mail.raw),
    );
    assert.ok(link, `no reset link in:\n${mail.raw}`);

    const password = 'New-editor-password-1';
    const reset = await post('/admin/reset-password', { resetPasswordToken: link[1], password });
    assert.equal(reset.status, 200, reset.text);
    assert.ok(await adminSignIn(cms.url, { email: DEMO_EDITOR.email, password }));
  });

  it('refuses a production start with SMTP_HOST and no MAIL_FROM', async () => {
    const { status, output } = await refusedStart({
      ...secrets(),
      NODE_ENV: 'production',
      PORT: '1',
      DATABASE_FILENAME: path.join(tmp, 'refused.db'),
      SMTP_HOST: 'smtp.example.org',
    });
    assert.notEqual(status, 0);
    assert.match(output, /SMTP_HOST is set but MAIL_FROM is not/);
  });
});
