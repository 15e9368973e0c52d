import {
  canReadAgency,
  canWriteAgency,
  type Identity,
  isAgencyCode,
  isNational,
  tokenRefusal,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null when there is no valid token. */
    identity: Identity | null;
    /** Why a token that was sent did not give an identity (401 or 503), for the guards to throw. */
    identityError: HttpError | null;
  }
}

interface CmsUser {
  id?: unknown;
  username?: unknown;
  agency_code?: unknown;
  role?: { name?: unknown } | null;
}

interface CacheEntry {
  expires: number;
  value: Promise<Identity>;
}

/**
 * Resolves a bearer token to an identity: signature and expiry checked here with the content
 * system's secret (HS256), role and agency asked from the content system and reused for at most
 * `identityCacheMs` (and never past the token's own expiry). Bounded, oldest evicted first.
 */
export class IdentityResolver {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly key: Uint8Array;

  constructor(
    private readonly config: Pick<Config, 'jwtSecret' | 'cmsUrl' | 'identityCacheMs'>,
    private readonly maxEntries = 10_000,
  ) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  async resolve(token: string): Promise<Identity> {
    let expSeconds: number;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // The content system's own rule (token-rule.ts): times present, a session long at most, not
      // issued in the future. Its sign-outs and blocks reach here through its /users/me answer.
      const refusal = tokenRefusal(payload, Date.now());
      if (refusal)
        throw refusal === 'expired' ? new joseErrors.JWTExpired(refusal, payload) : new Error(refusal);
      expSeconds = payload.exp as number;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('auth.token_expired');
      throw unauthorized('auth.token_invalid');
    }
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.expires > now) return cached.value;
    const value = this.fetchIdentity(token);
    this.cache.delete(token);
    this.cache.set(token, { expires: Math.min(now + this.config.identityCacheMs, expSeconds * 1000), value });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    // A failed look-up is not cached: the next request asks again.
    value.catch(() => this.cache.get(token)?.value === value && this.cache.delete(token));
    return value;
  }

  private async fetchIdentity(token: string): Promise<Identity> {
    let response: Response;
    try {
      response = await fetch(`${this.config.cmsUrl}/api/users/me?populate=*`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw new HttpError(503, 'service.cms_unavailable');
    }
    if (response.status === 401 || response.status === 403) throw unauthorized('auth.token_refused');
    if (!response.ok) throw new HttpError(503, 'service.cms_status', { params: { status: response.status } });
    const user = (await response.json().catch(() => null)) as CmsUser | null;
    if (!user || typeof user.id !== 'number' || typeof user.username !== 'string') {
      throw new HttpError(503, 'service.cms_no_user');
    }
    const role = typeof user.role?.name === 'string' ? user.role.name : '';
    const agency = typeof user.agency_code === 'string' ? user.agency_code.toLowerCase() : null;
    return { id: user.id, username: user.username, role, agency_code: agency };
  }

  clear(): void {
    this.cache.clear();
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export function registerIdentity(app: FastifyInstance, config: Config): IdentityResolver {
  const resolver = new IdentityResolver(config);
  app.decorateRequest('identity', null);
  app.decorateRequest('identityError', null);
  // A route that declares bearer security needs a user: without any Authorization header it answers
  // 401 at once, before its body is read or parsed (the full check stays in the guards below).
  // Callback hooks: they run on every request, and most public reads carry no token at all.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.authorization) return done();
    const security = (request.routeOptions.schema as { security?: readonly object[] } | undefined)?.security;
    done(security?.some((rule) => Object.keys(rule).length > 0) ? unauthorized() : undefined);
  });
  // Public routes still answer when a stale token is sent; only the guards below turn its error
  // into a 401. Role and agency never come from the request body or query.
  app.addHook('preHandler', (request, _reply, done) => {
    const token = bearer(request);
    if (token === undefined) return done();
    if (token === '') {
      request.identityError = unauthorized('auth.not_bearer');
      return done();
    }
    resolver.resolve(token).then(
      (identity) => {
        request.identity = identity;
        done();
      },
      (error: unknown) => {
        request.identityError =
          error instanceof HttpError ? error : new HttpError(503, 'service.identity_unavailable');
        done();
      },
    );
  });
  return resolver;
}

/** 401 without a valid token. */
export function requireUser(request: FastifyRequest): Identity {
  if (request.identity) return request.identity;
  throw request.identityError ?? unauthorized();
}

/** The national centre (role CIFFC, any case): 401 without a user, 403 for others. */
export function requireNational(request: FastifyRequest): Identity {
  const identity = requireUser(request);
  if (!isNational(identity)) throw forbidden('auth.national_only');
  return identity;
}

/**
 * Read: the agency's own user or the national centre. Write: the agency's own user only
 * (contracts `canReadAgency`/`canWriteAgency`). 401 without a user, 403 otherwise.
 */
export function requireAgencyAccess(
  request: FastifyRequest,
  agency: string,
  mode: 'read' | 'write',
): Identity {
  const identity = requireUser(request);
  if (!isAgencyCode(agency)) throw forbidden('auth.unknown_agency', { agency });
  const allowed = mode === 'read' ? canReadAgency(identity, agency) : canWriteAgency(identity, agency);
  if (!allowed)
    throw forbidden(mode === 'read' ? 'auth.agency_read' : 'auth.agency_write', {
      agency: agency.toLowerCase(),
    });
  return identity;
}
