import { isProduction } from '@ciffc/contracts/commonjs/env-flags';
import { winston } from '@strapi/logger';
import { requestIds } from '../src/request-log';

const { combine, timestamp, errors, json } = winston.format;

/** Every line logged while a request is served carries its id (an error's line too). */
const withRequestId = winston.format((info) => {
  const reqId = requestIds.getStore();
  if (reqId && info.reqId === undefined) info.reqId = reqId;
  return info;
});

// Production: one JSON object per line for the journal, like the data API's pino lines, from the
// request lines (`http`) up. Development keeps Strapi's coloured text (the default when empty).
const config = () =>
  isProduction(process.env)
    ? { level: 'http', format: combine(timestamp(), errors({ stack: true }), withRequestId(), json()) }
    : {};

export default config;
