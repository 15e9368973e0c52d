import path from 'node:path';
import type { Core } from '@strapi/strapi';

// Compiled to dist/config/database.js: the app directory (cms/) is two levels up.
const appRoot = path.resolve(__dirname, '..', '..');

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    // pg reads host, port, user, password and database from the URL; Strapi's type wants them spelled
    // out even then, hence the cast.
    const connection = {
      connectionString: env('DATABASE_URL', ''),
      schema: env('DATABASE_SCHEMA', 'public'),
      ssl: env.bool('DATABASE_SSL', false)
        ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
        : false,
    } as unknown as Core.Config.Database<'postgres'>['connection']['connection'];
    return {
      connection: {
        client: 'postgres',
        connection,
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
  }

  // A relative DATABASE_FILENAME is read from the app directory (cms/), whatever the cwd.
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(appRoot, env('DATABASE_FILENAME', '../data/cms.db')) },
      useNullAsDefault: true,
    },
  };
};

export default config;
