import type { Core } from '@strapi/strapi';

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
});

export default config;
