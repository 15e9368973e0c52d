import type { Core } from '@strapi/strapi';

type Env = Core.Config.Shared.ConfigParams['env'];

/**
 * Mail through an SMTP relay (`@strapi/provider-email-nodemailer`), only when SMTP_HOST is set:
 * without it Strapi keeps its default provider (sendmail, direct SMTP to each recipient), which
 * src/permissions.ts counts as no mail, so password reset stays closed to the public. Port 587
 * (default) speaks STARTTLS and requires it, 465 is TLS from the first byte (SMTP_SECURE); a relay
 * on the same machine without TLS needs SMTP_IGNORE_TLS=true. Production refuses SMTP_HOST without
 * MAIL_FROM (src/mail.ts).
 */
const email = (env: Env) => {
  const host = env('SMTP_HOST', '');
  if (!host) return {};
  const port = env.int('SMTP_PORT', 587);
  const secure = env.bool('SMTP_SECURE', port === 465);
  const ignoreTLS = env.bool('SMTP_IGNORE_TLS', false);
  const user = env('SMTP_USERNAME', '');
  const from = env('MAIL_FROM', '');
  const replyTo = env('MAIL_REPLY_TO', '');
  return {
    email: {
      config: {
        provider: 'nodemailer',
        providerOptions: {
          host,
          port,
          secure,
          // Without TLS from the start, STARTTLS is required (no fall-back to plain text), unless
          // told to skip it for a local relay.
          requireTLS: !secure && !ignoreTLS,
          ignoreTLS: !secure && ignoreTLS,
          ...(user ? { auth: { user, pass: env('SMTP_PASSWORD', '') } } : {}),
        },
        // The sender of every mail, the site users' templates included (src/mail.ts).
        settings: {
          ...(from ? { defaultFrom: from } : {}),
          ...(replyTo ? { defaultReplyTo: replyTo } : {}),
        },
      },
    },
  };
};

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      // Tokens { id }, HS256, 12 h = the site's 43,200 s session; the data API verifies them with the
      // same JWT_SECRET (docs/decisions.md, "Content system").
      jwtManagement: 'legacy-support',
      jwt: { expiresIn: '12h', algorithm: 'HS256' },
      // Login attempts per client address and minute (Strapi's default is 10); tests raise it.
      ratelimit: { interval: 60_000, max: env.int('AUTH_RATELIMIT_MAX', 10) },
      register: { allowedFields: [] },
    },
  },
  ...email(env),
});

export default config;
