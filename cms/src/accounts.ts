/**
 * The accounts command (deploy/README.md, "Accounts"): the site's agency and national users, and
 * the admin panel's first admin, from the command line. Run by `cms/scripts/accounts.mjs` on the
 * built app (`dist/`), which it loads without compiling: Strapi's own CLI compiles the TypeScript
 * into dist/ before every command, which the service user may not write (ProtectSystem, the code is
 * read-only to it) and which printed a TS5033 EACCES line per file before the command ran.
 *
 * Input is checked before anything is loaded; every refusal is one line on standard error and a
 * non-zero exit. Blocking a user or setting a password goes through the Document Service, so the
 * user model's lifecycle (extensions/users-permissions/sessions.ts) ends the user's tokens as an
 * admin's save in the panel does.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AGENCY_CODES } from '@ciffc/contracts/commonjs/agencies';
import { PASSWORD_MIN_LENGTH, passwordTooShort } from '@ciffc/contracts/commonjs/password-rule';
import { type Core, createStrapi } from '@strapi/strapi';
import { lockout } from './extensions/users-permissions/strapi-server';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';

/** The site's roles by the names the command takes (src/permissions.ts makes them, by type). */
const ROLES = {
  agency: { type: 'authenticated', name: 'Authenticated' },
  national: { type: 'ciffc', name: 'CIFFC' },
} as const;
type RoleName = keyof typeof ROLES;

const USAGE = `usage: accounts COMMAND [options]   (deploy/README.md, "Accounts")
  create USER --email EMAIL --role agency --agency CODE [--locale en|fr] [PASSWORD]
  create USER --email EMAIL --role national [--locale en|fr] [PASSWORD]
        a site account: an agency's, with its agency code, or the national centre's
  disable USER
        blocks the account and ends its tokens (refused by every API instance within 5 s)
  enable USER
        lets it sign in again
  reset-password USER [PASSWORD]
        sets a new password and ends every token of the user
  list [--agency CODE]
        the site's accounts: username, e-mail, role, agency, state
  admin:create --email EMAIL --firstname NAME [--lastname NAME] [PASSWORD]
        a Super Admin of the admin panel (the first admin)
  admin:reset-password --email EMAIL [PASSWORD]
USER: a username (2 to 64 letters, digits, dots, dashes, underscores) to create; to change one,
its username or e-mail address. Roles: agency (the content system's Authenticated role, with one
agency code of ${AGENCY_CODES.join(' ')}) and national (CIFFC, no agency code).
PASSWORD: --password-stdin (the first line of the standard input) or --password P (seen by other
users of the machine in ps); neither: a random one, printed once. At least ${PASSWORD_MIN_LENGTH} characters.`;

class Refusal extends Error {}

type Options = {
  email?: string;
  role?: string;
  agency?: string;
  locale?: string;
  firstname?: string;
  lastname?: string;
  password?: string;
  'password-stdin'?: boolean;
  help?: boolean;
};

const OPTIONS = {
  email: { type: 'string' },
  role: { type: 'string' },
  agency: { type: 'string' },
  locale: { type: 'string' },
  firstname: { type: 'string' },
  lastname: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command takes besides the password ones. */
const ALLOWED: Record<string, (keyof Options)[]> = {
  create: ['email', 'role', 'agency', 'locale'],
  disable: [],
  enable: [],
  'reset-password': [],
  list: ['agency'],
  'admin:create': ['email', 'firstname', 'lastname'],
  'admin:reset-password': ['email'],
};
const TAKES_PASSWORD = new Set(['create', 'reset-password', 'admin:create', 'admin:reset-password']);
const TAKES_USER = new Set(['create', 'disable', 'enable', 'reset-password']);

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Command {
  name: string;
  user?: string;
  options: Options;
  /** Set when the password is to be generated and printed. */
  generated: boolean;
}

const agencyCode = (value: string | undefined): string => {
  const code = (value ?? '').toLowerCase();
  if (!(AGENCY_CODES as readonly string[]).includes(code))
    throw new Refusal(`unknown agency code "${value ?? ''}": one of ${AGENCY_CODES.join(' ')}`);
  return code;
};

const roleOf = (value: string | undefined): RoleName => {
  const name = (value ?? '').toLowerCase();
  if (name === 'agency' || name === 'authenticated') return 'agency';
  if (name === 'national' || name === 'ciffc') return 'national';
  throw new Refusal(`--role must be agency or national${value ? `, not "${value}"` : ''}`);
};

const email = (value: string | undefined): string => {
  if (!value || !EMAIL.test(value))
    throw new Refusal(`--email must be an e-mail address${value ? `: "${value}"` : ''}`);
  return value.toLowerCase();
};

/** Strapi's own rule for admin panel passwords (its CLI's), beside the site's length. */
const ADMIN_RULES: [RegExp, string][] = [
  [/[a-z]/, 'a lower-case letter'],
  [/[A-Z]/, 'an upper-case letter'],
  [/\d/, 'a digit'],
];

function checkPassword(password: string, admin: boolean): void {
  if (passwordTooShort(password))
    throw new Refusal(`the password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (admin)
    for (const [rule, what] of ADMIN_RULES)
      if (!rule.test(password)) throw new Refusal(`an admin panel password must contain ${what}`);
}

/**
 * 20 characters of base64url (120 random bits), drawn again until they meet the admin panel's rules:
 * about one draw in thirty has no digit, and the generated password was then refused (exit 2).
 */
function generatePassword(): string {
  for (;;) {
    const password = randomBytes(15).toString('base64url');
    if (ADMIN_RULES.every(([rule]) => rule.test(password))) return password;
  }
}

/** The command line, checked: everything that can be refused without the database is refused here. */
function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
  const options = parsed.values as Options;
  const [name = '', ...rest] = parsed.positionals;
  if (options.help || name === 'help') return { name: 'help', options, generated: false };
  if (!(name in ALLOWED)) throw new Refusal(name ? `unknown command "${name}"` : 'no command');
  const allowed = new Set<string>([
    ...(ALLOWED[name] ?? []),
    ...(TAKES_PASSWORD.has(name) ? ['password', 'password-stdin'] : []),
  ]);
  for (const option of Object.keys(options))
    if (!allowed.has(option)) throw new Refusal(`${name} takes no --${option}`);
  const [user, ...extra] = TAKES_USER.has(name) ? rest : [undefined, ...rest];
  if (extra.length > 0) throw new Refusal(`unexpected argument "${extra[0]}"`);
  if (TAKES_USER.has(name) && !user)
    throw new Refusal(`${name} needs a USER (a username or an e-mail address)`);

  if (name === 'create') {
    if (!USERNAME.test(user ?? ''))
      throw new Refusal(
        `the username "${user}" must be 2 to 64 letters, digits, dots, dashes or underscores`,
      );
    options.email = email(options.email);
    const role = roleOf(options.role);
    options.role = role;
    if (role === 'agency') options.agency = agencyCode(options.agency);
    else if (options.agency !== undefined)
      throw new Refusal('a national account has no agency code: leave out --agency');
    options.locale = (options.locale ?? 'en').toLowerCase();
    if (!['en', 'fr'].includes(options.locale))
      throw new Refusal(`--locale must be en or fr, not "${options.locale}"`);
  }
  if (name === 'list' && options.agency !== undefined) options.agency = agencyCode(options.agency);
  if (name.startsWith('admin:')) options.email = email(options.email);
  if (name === 'admin:create' && !options.firstname?.trim())
    throw new Refusal('admin:create needs --firstname');
  if (options.password !== undefined && options['password-stdin'])
    throw new Refusal('give the password once: --password or --password-stdin');
  if (options['password-stdin']) {
    options.password = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
    delete options['password-stdin'];
  }
  const generated = TAKES_PASSWORD.has(name) && options.password === undefined;
  if (generated) options.password = generatePassword();
  if (options.password !== undefined) checkPassword(options.password, name.startsWith('admin:'));
  return { name, user, options, generated };
}

type UserRow = {
  id: number;
  documentId: string;
  username: string;
  email: string;
  blocked: boolean | null;
  agency_code: string | null;
  role?: { name: string; type: string } | null;
};

async function findUser(strapi: Core.Strapi, user: string): Promise<UserRow> {
  const found = (await strapi.db.query(USER_UID).findOne({
    where: { $or: [{ username: user }, { email: user.toLowerCase() }] },
    populate: ['role'],
  })) as UserRow | null;
  if (!found) throw new Refusal(`no account "${user}"`);
  return found;
}

const describeUser = (row: UserRow) =>
  `${row.username} <${row.email}>, role ${row.role?.name ?? 'none'}${row.agency_code ? `, agency ${row.agency_code}` : ''}`;

/** The failed sign-ins kept for the account's identifiers (account-lockout.ts): a fresh start. */
async function unlock(row: UserRow): Promise<void> {
  await lockout.succeeded(row.username);
  await lockout.succeeded(row.email);
}

type AdminServices = {
  user: {
    exists(where: { email: string }): Promise<boolean>;
    create(attributes: Record<string, unknown>): Promise<unknown>;
    resetPasswordByEmail(email: string, password: string): Promise<void>;
  };
  role: { getSuperAdmin(): Promise<{ id: number } | null> };
};

/** Runs a checked command on a loaded app; returns the lines to print. */
async function runCommand(strapi: Core.Strapi, command: Command): Promise<string[]> {
  const { options } = command;
  const users = strapi.documents(USER_UID);
  const passwordLine = command.generated ? [`password (shown once): ${options.password}`] : [];
  switch (command.name) {
    case 'create': {
      const username = command.user as string;
      if (await strapi.db.query(USER_UID).findOne({ where: { username } }))
        throw new Refusal(`the username "${username}" is taken`);
      if (await strapi.db.query(USER_UID).findOne({ where: { email: options.email } }))
        throw new Refusal(`the e-mail address ${options.email} has an account already`);
      const wanted = ROLES[options.role as RoleName];
      const role = (await strapi.db.query(ROLE_UID).findOne({ where: { type: wanted.type } })) as {
        id: number;
      } | null;
      if (!role)
        throw new Refusal(`the role ${wanted.name} does not exist (has the content system started once?)`);
      await users.create({
        data: {
          username,
          email: options.email,
          password: options.password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: role.id,
          agency_code: options.role === 'agency' ? options.agency : null,
          preferredLocale: options.locale,
        } as never,
      });
      return [`created ${describeUser(await findUser(strapi, username))}`, ...passwordLine];
    }
    case 'disable': {
      const row = await findUser(strapi, command.user as string);
      await users.update({ documentId: row.documentId, data: { blocked: true } as never });
      return [`disabled ${describeUser(row)}: sign-in refused, its tokens ended`];
    }
    case 'enable': {
      const row = await findUser(strapi, command.user as string);
      await users.update({ documentId: row.documentId, data: { blocked: false } as never });
      await unlock(row);
      return [`enabled ${describeUser(row)}`];
    }
    case 'reset-password': {
      const row = await findUser(strapi, command.user as string);
      // A reset link mailed earlier stops working too.
      await users.update({
        documentId: row.documentId,
        data: { password: options.password, resetPasswordToken: null } as never,
      });
      await unlock(row);
      return [`new password for ${describeUser(row)}: its tokens ended`, ...passwordLine];
    }
    case 'list': {
      const rows = (await strapi.db.query(USER_UID).findMany({
        where: options.agency ? { agency_code: options.agency } : {},
        populate: ['role'],
        orderBy: { username: 'asc' },
      })) as UserRow[];
      const table = [
        ['USERNAME', 'EMAIL', 'ROLE', 'AGENCY', 'STATE'],
        ...rows.map((row) => [
          row.username,
          row.email,
          row.role?.name ?? '-',
          row.agency_code ?? '-',
          row.blocked ? 'disabled' : 'active',
        ]),
      ];
      const widths =
        table[0]?.map((_, column) => Math.max(...table.map((line) => (line[column] ?? '').length))) ?? [];
      return table.map((line) =>
        line
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd(),
      );
    }
    case 'admin:create': {
      const admin = strapi.admin?.services as unknown as AdminServices;
      if (await admin.user.exists({ email: options.email as string }))
        throw new Refusal(`an admin panel user with the e-mail address ${options.email} exists already`);
      const superAdmin = await admin.role.getSuperAdmin();
      if (!superAdmin)
        throw new Refusal('the Super Admin role does not exist yet (has the content system started once?)');
      await admin.user.create({
        email: options.email,
        firstname: options.firstname?.trim(),
        lastname: options.lastname?.trim() || null,
        isActive: true,
        roles: [superAdmin.id],
        password: options.password,
        registrationToken: null,
      });
      return [`created the admin panel user ${options.email} (Super Admin)`, ...passwordLine];
    }
    case 'admin:reset-password': {
      const admin = strapi.admin?.services as unknown as AdminServices;
      if (!(await admin.user.exists({ email: options.email as string })))
        throw new Refusal(`no admin panel user with the e-mail address ${options.email}`);
      await admin.user.resetPasswordByEmail(options.email as string, options.password as string);
      return [`new password for the admin panel user ${options.email}`, ...passwordLine];
    }
    default:
      throw new Refusal(`unknown command "${command.name}"`);
  }
}

/** A refusal's text, with the fields of a Strapi validation error. */
function messageOf(error: unknown): string {
  if (error instanceof Refusal) return error.message;
  const details = (error as { details?: { errors?: { path?: string[]; message?: string }[] } }).details;
  const fields = details?.errors?.map((e) => `${e.path?.join('.') ?? ''}: ${e.message ?? ''}`) ?? [];
  const message = error instanceof Error ? error.message : String(error);
  return fields.length > 0 && !fields.some((field) => field.includes(message))
    ? `${message} (${fields.join('; ')})`
    : message;
}

/**
 * The command line's entry: checks, loads the built app from `appDir`/dist (never compiles), runs,
 * prints; resolves with the exit status.
 */
export async function main(argv: string[], appDir: string): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    process.stderr.write(`accounts: ${messageOf(error)} (--help lists the commands)\n`);
    return 2;
  }
  if (command.name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const distDir = path.join(appDir, 'dist');
  if (!existsSync(path.join(distDir, 'src', 'index.js'))) {
    process.stderr.write(
      `accounts: the content system is not built (${distDir}): npm run build in cms/ first\n`,
    );
    return 1;
  }
  let strapi: Core.Strapi | undefined;
  try {
    strapi = createStrapi({ appDir, distDir });
    // The command's own lines only; Strapi's warnings and errors still show.
    (strapi.log as unknown as { level: string }).level = 'warn';
    await strapi.load();
    const lines = await runCommand(strapi, command);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`accounts: ${messageOf(error)}\n`);
    return 1;
  } finally {
    await strapi?.destroy().catch(() => {});
  }
}
