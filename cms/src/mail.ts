/**
 * Mail settings (config/plugins.ts `email`, set by SMTP_HOST): the start-up check and the sender of
 * the site users' mails. Strapi's users-permissions templates (password reset, e-mail confirmation)
 * carry their own sender, `Administration Panel <no-reply@strapi.io>`, which would go out instead of
 * MAIL_FROM and fail the sender domain's SPF: with a relay, MAIL_FROM and MAIL_REPLY_TO are written
 * into them on every start (like the roles, the setting wins over edits in the admin panel).
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
