/**
 * Global set-up of the end-to-end tests: build the server binaries (a no-op when up to date) and
 * the web app (when dist/ is missing or older than the sources), provision a fresh temporary
 * SQLite directory with the CLI, start the real server on a free port, and stop it afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { E2EContext } from './support/context';
import { startFakeGraph } from './support/graph';

const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = resolve(WEB_DIR, '..');
const DIST_DIR = join(WEB_DIR, 'dist');
/** Screenshots and the server log of the last run (gitignored). */
const ARTIFACTS_DIR = join(WEB_DIR, 'e2e', 'screenshots');
const TARGET_DIR = process.env.CARGO_TARGET_DIR || join(process.env.HOME ?? tmpdir(), '.cache', 'backoffice-target');
/** `E2E_BIN_DIR` points at prebuilt server and CLI binaries (then nothing is built with cargo). */
const PREBUILT_BIN_DIR = process.env.E2E_BIN_DIR;
const BIN_DIR = PREBUILT_BIN_DIR || join(TARGET_DIR, 'debug');
const TENANT = 'acme';
/**
 * The inbox test's own tenant (06-inbox): its instance, tickets and linked attendants would
 * change what the other files see in acme (an instance list they expect empty, the attendant
 * they link to an instance themselves).
 */
const INBOX_TENANT = 'loja';
/**
 * The dashboards test's tenant (07-dashboards): `backoffice-cli seed demo` fills it with a month of
 * tickets, messages, orders, transfers and login failures, then syncs its analytics, so every
 * dashboard has real figures. Plan enterprise (every feature option on).
 */
const DEMO_TENANT = 'demo';
const DEMO_ADMIN_EMAIL = 'admin@demo.example';
/**
 * The providers test's tenant (17-providers): official and gateway numbers, their tickets and
 * campaigns stay out of the other files' tenants. Created right after the back-office tenant,
 * before acme: the tenants list's first page (05-tenants, 4 newest first) keeps acme even after
 * that file creates a tenant of its own.
 */
const OFFICIAL_TENANT = 'oficial';
/** The back-office tenant `backoffice-cli init` creates (BACKOFFICE_TENANT's default). */
const BACKOFFICE_TENANT = 'backoffice';
const PASSWORD = 'Senha#Forte!9';

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): void {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} saiu com ${result.status ?? result.signal}`);
  }
}

/** Newest modification time under `path` (files only), skipping `skip` directory names. */
function newestMtime(path: string, skip: ReadonlySet<string> = new Set()): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (skip.has(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry), skip));
  }
  return newest;
}

/** `npm run build` when dist/ is missing or any source is newer than it (a stale app would be tested). */
function buildWebIfNeeded(): void {
  const built = join(DIST_DIR, 'index.html');
  const sources = Math.max(
    newestMtime(join(WEB_DIR, 'src')),
    newestMtime(join(WEB_DIR, 'index.html')),
    newestMtime(join(WEB_DIR, 'vite.config.ts')),
    newestMtime(join(WEB_DIR, 'package-lock.json')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('[e2e] npm run build');
  run('npm', ['run', 'build'], { cwd: WEB_DIR });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu com ${server.exitCode}; veja ${log}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  throw new Error(`o servidor não ficou pronto em 60 s; veja ${log}`);
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    if (server.exitCode !== null || server.signalCode !== null) {
      resolveStop();
      return;
    }
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolveStop();
    });
    server.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (PREBUILT_BIN_DIR) {
    console.log(`[e2e] binários prontos em ${PREBUILT_BIN_DIR}`);
  } else {
    // Cargo takes a lock on the target directory: a build running elsewhere makes this one wait.
    console.log(`[e2e] cargo build (CARGO_TARGET_DIR=${TARGET_DIR})`);
    run('cargo', ['build', '-p', 'backoffice-server', '-p', 'backoffice-cli'], {
      cwd: REPO_DIR,
      env: { ...process.env, CARGO_TARGET_DIR: TARGET_DIR },
    });
  }
  buildWebIfNeeded();

  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
  const port = await freePort();
  // Meta's Graph API, faked: the server calls it for official numbers (GRAPH_API_URL).
  const graph = await startFakeGraph();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `sqlite://${dataDir}`,
    // 48 characters of base64url: random, never a well-known secret.
    JWT_SECRET: randomBytes(36).toString('base64url'),
    BIND: `127.0.0.1:${port}`,
    WEB_DIST: DIST_DIR,
    LOG_FORMAT: 'json',
    // The instance tests sync messages from a fake provider on 127.0.0.1 (plain HTTP, loopback):
    // the SSRF guard refuses both unless this is set (docs/providers.md).
    ALLOW_PRIVATE_PROVIDERS: 'true',
    // 09-campaigns' webhook endpoint is a receiver it runs on http://127.0.0.1 (docs/campaigns.md:
    // the SSRF guard refuses plain HTTP and loopback otherwise).
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    // Every browser of the suite logs in from 127.0.0.1, so the files' wrong-password steps share
    // one address's failure budget (10 per 15 minutes by default; the suite spends ~9). The limits
    // themselves are tested by the Rust suite (docs/auth.md#guessing-limits).
    LOGIN_FAILURES_PER_ADDRESS: '50',
    GRAPH_API_URL: graph.url,
  };
  delete env.DEFAULT_TENANT;
  delete env.REDIS_URL;
  const cli = (...args: string[]) => run(join(BIN_DIR, 'backoffice-cli'), args, { cwd: dataDir, env });

  const users = {
    admin: { email: 'admin@acme.example', name: 'Ana Admin', password: PASSWORD, role: 'administrador' },
    attendant: { email: 'atendente@acme.example', name: 'Bruno Atendente', password: PASSWORD, role: 'atendente' },
    twoFactorUser: { email: 'carla@acme.example', name: 'Carla Dois Fatores', password: PASSWORD, role: 'atendente' },
    enrollUser: { email: 'davi@acme.example', name: 'Davi Supervisor', password: PASSWORD, role: 'supervisor' },
    lockUser: { email: 'eva@acme.example', name: 'Eva Bloqueada', password: PASSWORD, role: 'atendente' },
    operatorUnblockUser: {
      email: 'hugo@acme.example',
      name: 'Hugo Desbloqueado',
      password: PASSWORD,
      role: 'atendente',
    },
  };
  const operator = { email: 'operador@backoffice.example', name: 'Olga Operadora', password: PASSWORD };
  cli(
    'init',
    '--operator-email',
    operator.email,
    '--operator-password',
    operator.password,
    '--operator-name',
    operator.name,
  );
  const officialAdmin = { email: 'admin@oficial.example', name: 'Olívia Oficial', password: PASSWORD };
  cli('tenant', 'create', OFFICIAL_TENANT, '--plan', 'enterprise');
  cli(
    'user',
    'create',
    '--tenant',
    OFFICIAL_TENANT,
    '--email',
    officialAdmin.email,
    '--name',
    officialAdmin.name,
    '--password',
    officialAdmin.password,
    '--role',
    'administrador',
  );

  cli('tenant', 'create', TENANT, '--plan', 'pro');
  const inboxUsers = {
    admin: { email: 'admin@loja.example', name: 'Lia Gerente', password: PASSWORD, role: 'administrador' },
    attendantA: { email: 'alice@loja.example', name: 'Alice Atendente', password: PASSWORD, role: 'atendente' },
    attendantB: { email: 'beto@loja.example', name: 'Beto Atendente', password: PASSWORD, role: 'atendente' },
  };
  cli('tenant', 'create', INBOX_TENANT, '--plan', 'pro');
  for (const user of Object.values(inboxUsers)) {
    cli(
      'user',
      'create',
      '--tenant',
      INBOX_TENANT,
      '--email',
      user.email,
      '--name',
      user.name,
      '--password',
      user.password,
      '--role',
      user.role,
    );
  }
  for (const user of Object.values(users)) {
    cli(
      'user',
      'create',
      '--tenant',
      TENANT,
      '--email',
      user.email,
      '--name',
      user.name,
      '--password',
      user.password,
      '--role',
      user.role,
    );
  }

  // Created after acme and loja: 05-tenants expects acme and backoffice on the tenant list's first
  // page (4 per page, newest first), which holds exactly backoffice, acme, loja and demo.
  console.log('[e2e] seed demo (tenant demo)');
  cli(
    'seed',
    'demo',
    '--tenant',
    DEMO_TENANT,
    '--customers',
    '120',
    '--days',
    '30',
    '--agents',
    '6',
    '--admin-email',
    DEMO_ADMIN_EMAIL,
    '--password',
    PASSWORD,
  );

  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const serverLog = join(dataDir, 'server.log');
  const logStream = createWriteStream(serverLog);
  const server = spawn(join(BIN_DIR, 'backoffice-server'), [], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(logStream);
  server.stderr?.pipe(logStream);
  // If the runner dies without its teardown, do not leave the server behind.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  const serverUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(serverUrl, server, serverLog);
  } catch (error) {
    await stop(server);
    throw error;
  }
  console.log(`[e2e] servidor em ${serverUrl} (dados em ${dataDir})`);

  const strip = ({ email, name, password }: { email: string; name: string; password: string }) => ({
    email,
    name,
    password,
  });
  const context: E2EContext = {
    baseUrl: `http://${TENANT}.localhost:${port}`,
    serverUrl,
    tenant: TENANT,
    admin: strip(users.admin),
    attendant: strip(users.attendant),
    twoFactorUser: strip(users.twoFactorUser),
    enrollUser: strip(users.enrollUser),
    lockUser: strip(users.lockUser),
    operatorUnblockUser: strip(users.operatorUnblockUser),
    backofficeUrl: `http://${BACKOFFICE_TENANT}.localhost:${port}`,
    operator,
    serverLog,
    demo: {
      baseUrl: `http://${DEMO_TENANT}.localhost:${port}`,
      tenant: DEMO_TENANT,
      admin: { email: DEMO_ADMIN_EMAIL, name: 'Administrador Demo', password: PASSWORD },
    },
    official: {
      baseUrl: `http://${OFFICIAL_TENANT}.localhost:${port}`,
      tenant: OFFICIAL_TENANT,
      admin: officialAdmin,
    },
    inbox: {
      baseUrl: `http://${INBOX_TENANT}.localhost:${port}`,
      tenant: INBOX_TENANT,
      admin: strip(inboxUsers.admin),
      attendantA: strip(inboxUsers.attendantA),
      attendantB: strip(inboxUsers.attendantB),
    },
  };
  project.provide('e2e', context);

  return async () => {
    await stop(server);
    await graph.close();
    process.off('exit', killOnExit);
    await new Promise<void>((resolveEnd) => logStream.end(resolveEnd));
    copyFileSync(serverLog, join(ARTIFACTS_DIR, 'server.log'));
    if (process.env.E2E_KEEP_DATA) {
      console.log(`[e2e] dados mantidos em ${dataDir}`);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
