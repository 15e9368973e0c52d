/**
 * Mail settings (config/plugins.ts `email`, set by SMTP_HOST): the start-up check and the sender of
 * the site users' mails. Strapi's users-permissions templates (password reset, e-mail confirmation)
 * carry their own sender, `Administration Panel <no-reply@strapi.io>`, which would go out instead of
 * MAIL_FROM and fail the sender domain's SPF: with a relay, MAIL_FROM and MAIL_REPLY_TO are written
 * into them on every start (like the roles, the setting wins over edits in the admin panel).
 * The reset mail's link (`<%= URL %>?code=<%= TOKEN %>` in Strapi's template) leads to the site's
 * own reset page: `<PUBLIC_URL>/reset-password`, written the same way (applyResetPasswordLink), and
 * the template itself, while it is still Strapi's (English only, the link as bare text), is the
 * site's: in English and French, the link clickable (applyResetPasswordTemplate).
 */
import { isProduction } from '@ciffc/contracts/commonjs/env-flags';
import type { Core } from '@strapi/strapi';
import { mailConfigured } from './permissions';

type Address = { name: string; email: string };

/** `Name <user@domain>`, `"Name" <user@domain>` or `user@domain`; undefined for anything else. */
export const parseAddress = (value: string): Address | undefined => {
  const named = /^\s*"?([^"<>]*?)"?\s*<([^\s<>@]+@[^\s<>@]+)>\s*$/.exec(value);
  if (named) return { name: named[1] ?? '', email: named[2] ?? '' };
  const bare = /^\s*([^\s<>@"]+@[^\s<>@"]+)\s*$/.exec(value);
  return bare ? { name: '', email: bare[1] ?? '' } : undefined;
};

/** Why the mail settings stop the start (empty: they do not). */
export const mailProblems = (env: NodeJS.ProcessEnv): string[] => {
  if (!env.SMTP_HOST) return [];
  const from = env.MAIL_FROM ?? '';
  if (!from)
    return isProduction(env)
      ? [
          'SMTP_HOST is set but MAIL_FROM is not: set the sender, e.g. MAIL_FROM="CIFFC <no-reply@your.domain>"',
        ]
      : [];
  const problems = [];
  if (!parseAddress(from))
    problems.push(`MAIL_FROM is not an address (Name <user@domain> or user@domain): ${from}`);
  const replyTo = env.MAIL_REPLY_TO ?? '';
  if (replyTo && !parseAddress(replyTo)) problems.push(`MAIL_REPLY_TO is not an address: ${replyTo}`);
  return problems;
};

export const assertMail = (env: NodeJS.ProcessEnv = process.env): void => {
  const problems = mailProblems(env);
  if (problems.length === 0) return;
  throw new Error(
    [
      `CIFFC content system refuses to start (NODE_ENV=${env.NODE_ENV ?? 'development'}):`,
      ...problems.map((p) => `  - ${p}`),
      'See deploy/README.md, "Mail".',
    ].join('\n'),
  );
};

type Template = { options?: { from?: Address; response_email?: string } };

/** The users-permissions templates send from MAIL_FROM (and reply to MAIL_REPLY_TO) with a relay. */
export const applyMailSender = async (strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env) => {
  const from = parseAddress(env.MAIL_FROM ?? '');
  if (!mailConfigured(strapi) || !from) return;
  const replyTo = parseAddress(env.MAIL_REPLY_TO ?? '')?.email ?? '';
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'email' });
  const templates = ((await store.get()) ?? {}) as Record<string, Template>;
  let changed = false;
  for (const template of Object.values(templates)) {
    if (!template?.options) continue;
    const { options } = template;
    if (
      options.from?.name === from.name &&
      options.from?.email === from.email &&
      options.response_email === replyTo
    )
      continue;
    options.from = from;
    options.response_email = replyTo;
    changed = true;
  }
  if (changed) await store.set({ value: templates });
};

/** The site's origin when PUBLIC_URL is unset in development: the gateway's (config/middlewares.ts). */
const DEVELOPMENT_SITE = 'http://localhost:8080';

/**
 * The site's reset page, where the reset mail's link leads: `<PUBLIC_URL>/reset-password` (a path
 * in PUBLIC_URL kept), the gateway's default site in development; undefined when it cannot be told
 * (production without PUBLIC_URL, or a PUBLIC_URL that is not a URL).
 */
export const resetPasswordPage = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const publicUrl = env.PUBLIC_URL ?? '';
  if (!publicUrl) return isProduction(env) ? undefined : `${DEVELOPMENT_SITE}/reset-password`;
  try {
    const url = new URL(publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}/reset-password`;
  } catch {
    return undefined;
  }
};

type AdvancedSettings = { email_reset_password?: string | null } & Record<string, unknown>;

/**
 * users-permissions' `email_reset_password` (the URL of its reset mail's link, null by default:
 * the link read `null?code=...`) set to the site's reset page on every start where it differs: like
 * the sender above, PUBLIC_URL wins over an edit in the admin panel, so the link follows the site.
 */
export const applyResetPasswordLink = async (strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env) => {
  const page = resetPasswordPage(env);
  if (!page) {
    strapi.log.warn('[ciffc] PUBLIC_URL unset or not a URL: the password reset mail has no link to the site');
    return;
  }
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const settings = ((await store.get()) ?? {}) as AdvancedSettings;
  if (settings.email_reset_password === page) return;
  await store.set({ value: { ...settings, email_reset_password: page } });
};

/** Strapi's own reset template (users-permissions' bootstrap): replaced while nobody has edited it. */
const STRAPI_RESET_MESSAGE = `<p>We heard that you lost your password. Sorry about that!</p>

<p>But don’t worry! You can use the following link to reset your password:</p>
<p><%= URL %>?code=<%= TOKEN %></p>

<p>Thanks.</p>`;
const STRAPI_RESET_OBJECT = 'Reset password';

const RESET_LINK = '<a href="<%= URL %>?code=<%= TOKEN %>"><%= URL %>?code=<%= TOKEN %></a>';

/** The site's reset mail, English then French; the link works once. */
export const RESET_PASSWORD_TEMPLATE = {
  object: 'Reset your CIFFC password / Réinitialiser votre mot de passe CIFFC',
  message: `<p>Someone (we hope you) asked to reset the password of your CIFFC account. To choose a new password, open this link:</p>
<p>${RESET_LINK}</p>
<p>The link works once. If you did not ask for it, ignore this message: your password stays as it is.</p>
<hr>
<p>Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte CIFFC. Pour choisir un nouveau mot de passe, ouvrez ce lien :</p>
<p>${RESET_LINK}</p>
<p>Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.</p>`,
};

type ResetTemplate = { options?: { object?: string; message?: string } };

/**
 * The reset mail in the site's two languages with a clickable link, while the template is Strapi's
 * untouched default: an operator's own wording in the admin panel is kept.
 */
export const applyResetPasswordTemplate = async (strapi: Core.Strapi) => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'email' });
  const templates = ((await store.get()) ?? {}) as Record<string, ResetTemplate>;
  const options = templates.reset_password?.options;
  if (!options) return;
  const untouched = (text: string | undefined, original: string) =>
    text === undefined || text.replace(/\s+/g, ' ').trim() === original.replace(/\s+/g, ' ').trim();
  if (!untouched(options.message, STRAPI_RESET_MESSAGE) || !untouched(options.object, STRAPI_RESET_OBJECT))
    return;
  options.message = RESET_PASSWORD_TEMPLATE.message;
  options.object = RESET_PASSWORD_TEMPLATE.object;
  await store.set({ value: templates });
};
