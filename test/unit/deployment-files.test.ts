import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
import { envSchema, loadConfig } from '../../src/config/config.js';
import { createTestApp } from '../support/app.js';

// No Docker engine runs here: these checks keep the Dockerfile, docker-compose.yml and .dockerignore true to
// the repository they build (paths, ports, variables, routes), so `docker compose up` works where one does.

const root = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  steps: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ from: image, ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), steps: [] });
    } else {
      stages.at(-1)?.steps.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

/** `COPY [--from=x] [--chown=y] src... dest` → its parts. */
function parseCopy(args: string) {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const step of stage.steps.filter((s) => s.op === 'ENV')) {
    for (const match of step.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[match[1]!] = match[2]!.replace(/^"|"$/g, '');
  }
  return env;
}

/** Compose's `${NAME:-default}` / `${NAME:?message}` / `${NAME}` with the defaults (and `set` for required ones). */
function interpolate(value: string, set: Record<string, string> = {}): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_m, name: string, kind?: string, word?: string) =>
    set[name] ?? (kind === '-' ? (word ?? '') : kind === '?' ? `<${name}>` : ''),
  );
}

function dockerignorePatterns(): Array<{ re: RegExp; negated: boolean }> {
  return read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const p = negated ? line.slice(1) : line;
      return { negated, re: new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`) };
    });
}
/** Docker's rule: the last pattern that matches decides, and a `!pattern` takes a path back in. */
const ignored = (path: string) => {
  const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
  return dockerignorePatterns().reduce((verdict, { re, negated }) => (re.test(clean) ? !negated : verdict), false);
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    return statSync(join(root, path)).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1)!;
const runtimeEnv = envOf(runtime);
const steps = (stage: Stage, op: string) => stage.steps.filter((s) => s.op === op);
const compose = parseYaml(read('docker-compose.yml')) as any;
const api = compose.services.api;
const defaultPort = envSchema.parse({}).PORT;

describe('Dockerfile', () => {
  it('builds in stages on a slim Node 22/24 image and runs as a non-root user in production mode', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:(22|24)-slim$/);
    const user = steps(runtime, 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtimeEnv.NODE_ENV).toBe('production');
  });

  it('exposes the port the service listens on', () => {
    const exposed = steps(runtime, 'EXPOSE').map((s) => Number(s.args));
    expect(exposed).toEqual([defaultPort]);
    expect(Number(runtimeEnv.PORT ?? defaultPort)).toBe(defaultPort);
  });

  it('copies only build output, production dependencies, package.json and data into the final image', async () => {
    const copies = steps(runtime, 'COPY').map((s) => parseCopy(s.args));
    const byStage = Object.fromEntries(stages.map((s) => [s.name, s]));
    for (const copy of copies) {
      if (copy.from) {
        const from = byStage[copy.from];
        expect(from, `stage ${copy.from}`).toBeDefined();
        for (const source of copy.sources) expect(source).toMatch(/^\/app\/(dist|node_modules)$/);
        const runs = steps(from!, 'RUN').map((s) => s.args).join('\n');
        if (copy.sources.includes('/app/dist')) expect(runs).toContain('npm run build');
        if (copy.sources.includes('/app/node_modules')) expect(runs).toMatch(/npm ci --omit=dev/);
      } else {
        for (const source of copy.sources) {
          expect(source).toMatch(/^(package\.json|data\/[\w.-]+)$/);
          expect(existsSync(join(root, source)), source).toBe(true);
          expect(ignored(source), `${source} is excluded by .dockerignore`).toBe(false);
        }
      }
    }
    // data/regions.json is read at run time; the loader walks up from dist/src/adapters to <WORKDIR>/data.
    const local = copies.filter((c) => !c.from);
    expect(local.some((c) => c.sources.includes('data/regions.json') && /^\.\/data\/?$/.test(c.dest))).toBe(true);
    expect(read('src/adapters/region-data.ts')).toContain("findDataFile('regions.json')");
  });

  it('copies what the build stage needs, and what `npm run build` produces is what CMD runs', () => {
    const build = stages.find((s) => steps(s, 'RUN').some((r) => r.args.includes('npm run build')))!;
    for (const copy of steps(build, 'COPY').map((s) => parseCopy(s.args))) {
      for (const source of copy.sources) {
        expect(existsSync(join(root, source)), source).toBe(true);
        expect(ignored(source), `${source} is excluded by .dockerignore`).toBe(false);
      }
    }
    const pkg = JSON.parse(read('package.json'));
    // The server (tsc) and then the explorer page (esbuild, web/ → dist/web, served by the same process).
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.build.json && node web/build.mjs');
    expect(steps(build, 'COPY').some((s) => parseCopy(s.args).sources.includes('web'))).toBe(true);
    const buildConfig = JSON.parse(read('tsconfig.build.json'));
    const baseConfig = JSON.parse(read('tsconfig.json'));
    expect(buildConfig.extends).toBe('./tsconfig.json');
    expect(buildConfig.include).toEqual(['src', 'scripts/keys.ts', 'scripts/usage.ts']);
    const outDir = buildConfig.compilerOptions?.outDir ?? baseConfig.compilerOptions.outDir;
    const rootDir = buildConfig.compilerOptions?.rootDir ?? baseConfig.compilerOptions.rootDir;
    const cmd = JSON.parse(steps(runtime, 'CMD').at(-1)!.args) as string[];
    expect(cmd[0]).toBe('node');
    const entry = posix.relative(outDir, cmd[1]!).replace(/\.js$/, '.ts');
    expect(existsSync(join(root, rootDir, entry)), entry).toBe(true);
    expect(entry).toBe('src/main.ts');
  });

  it('needs only production dependencies at run time (every runtime import of src/ is a dependency)', () => {
    const dependencies = Object.keys(JSON.parse(read('package.json')).dependencies);
    for (const file of sourceFiles('src')) {
      for (const match of read(file).matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^'.][^']*)'/gm)) {
        const spec = match[1]!;
        if (spec.startsWith('node:')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        expect(dependencies, `${file} imports ${name}`).toContain(name);
      }
    }
  });

  it('probes /healthz with node (no curl in slim images), and /healthz is a real route', async () => {
    const healthcheck = steps(runtime, 'HEALTHCHECK').at(-1)?.args ?? '';
    expect(healthcheck).toMatch(/CMD \["node", "-e"/);
    expect(healthcheck).not.toMatch(/curl|wget/);
    const path = /\/healthz\b/.exec(healthcheck)?.[0];
    expect(path).toBe('/healthz');
    expect(healthcheck).toContain('process.env.PORT');
    const app = createTestApp();
    const res = await app.fetch(new Request(`http://localhost${path}`));
    expect(res.status).toBe(200);
  });
});

describe('the key and usage CLIs in the image', () => {
  const buildConfigPath = join(root, 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(buildConfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const emitted = parsed.fileNames.flatMap((file) => ts.getOutputFileNames(parsed, file, false)).map((file) => posix.relative(root, file));
  const build = stages.find((s) => steps(s, 'RUN').some((r) => r.args.includes('npm run build')))!;
  const copiedToBuild = steps(build, 'COPY').flatMap((s) => parseCopy(s.args).sources);

  /** Every file of ours a CLI entry loads, following relative imports (what must be in the build context). */
  function closure(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    for (const match of read(entry).matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
      closure(posix.normalize(posix.join(posix.dirname(entry), match[1]!.replace(/\.js$/, '.ts'))), seen);
    }
    return seen;
  }

  it('`npm run build` compiles them to dist/scripts/, with the embedded database worker, and the image keeps dist/', () => {
    for (const output of ['dist/scripts/keys.js', 'dist/scripts/usage.js', 'dist/src/main.js', 'dist/src/adapters/sql/pglite-worker.js']) {
      expect(emitted, output).toContain(output);
    }
    const runtimeCopies = steps(runtime, 'COPY').map((s) => parseCopy(s.args));
    expect(runtimeCopies.some((c) => c.from === build.name && c.sources.includes('/app/dist'))).toBe(true);
  });

  it('the build stage gets every file they load, .dockerignore lets them through, and they need only production dependencies', () => {
    const dependencies = Object.keys(JSON.parse(read('package.json')).dependencies);
    for (const entry of ['scripts/keys.ts', 'scripts/usage.ts']) {
      for (const file of closure(entry)) {
        expect(existsSync(join(root, file)), file).toBe(true);
        expect(ignored(file), `${file} is excluded by .dockerignore`).toBe(false);
        const copied = copiedToBuild.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, '')}/`));
        expect(copied, `${file} is copied into the build stage`).toBe(true);
        for (const match of read(file).matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^'.][^']*)'/gm)) {
          const spec = match[1]!;
          if (spec.startsWith('node:')) continue;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          expect(dependencies, `${file} imports ${name}`).toContain(name);
        }
      }
    }
  });

  it('README shows the command that runs the compiled CLI in the compose service', () => {
    const readme = read('README.md');
    const command = /docker compose exec (\w+) node (dist\/scripts\/keys\.js) create --name/.exec(readme);
    expect(command, 'README: docker compose exec api node dist/scripts/keys.js create --name NAME').not.toBeNull();
    expect(Object.keys(compose.services)).toContain(command![1]);
    expect(emitted).toContain(command![2]);
    expect(readme).toContain('docker compose exec api node dist/scripts/usage.js');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, git data, secrets and runtime state out of the build context', () => {
    for (const path of ['node_modules', 'dist', '.git', 'data/runtime', '.env', 'data/runtime/dev-key']) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of ['src', 'package.json', 'package-lock.json', 'data/regions.json', 'data/pglite-template.tar.gz', 'scripts/keys.ts']) {
      expect(ignored(path), path).toBe(false);
    }
    // The fake Wordstat (fakes/) serves tests, scripts and bench: never part of the image.
    for (const path of ['scripts/soak.ts', 'scripts/fake-wordstat.ts', 'bench/startup.bench.ts', 'fakes/wordstat/fake-wordstat.ts']) {
      expect(ignored(path), path).toBe(true);
    }
  });

  it('the shipped code never loads the fakes or the tests (they are not in the image)', () => {
    let checked = 0;
    for (const file of sourceFiles('src')) {
      for (const match of read(file).matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
        const target = posix.normalize(posix.join(posix.dirname(file), match[1]!));
        expect(target.startsWith('src/') || target.startsWith('data/'), `${file} imports ${match[1]}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100); // the pattern does see the imports
  });
});

describe('docker-compose.yml', () => {
  const environment = api.environment as Record<string, string | null>;

  it('sets only variables the service reads, and they pass its config schema', () => {
    const known = Object.keys(envSchema.shape);
    for (const name of Object.keys(environment)) expect(known, name).toContain(name);
    const resolved = Object.fromEntries(
      Object.entries(environment)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, interpolate(String(v), { API_KEYS: 'a-key-for-the-check' })]),
    );
    const config = loadConfig(resolved);
    expect(config.NODE_ENV).toBe('production');
  });

  it('passes API keys and Yandex credentials through from the environment', () => {
    for (const name of ['API_KEYS', 'YANDEX_API_KEY', 'YANDEX_FOLDER_ID']) {
      expect(name in environment, name).toBe(true);
      const value = environment[name];
      expect(value === null || String(value).includes(`\${${name}`), `${name} comes from the environment`).toBe(true);
    }
  });

  it('publishes the port the service listens on, the one the image exposes', () => {
    const port = Number(environment.PORT ?? defaultPort);
    const published = (api.ports as string[]).map((p) => Number(interpolate(p).split(':').at(-1)));
    expect(published).toEqual([port]);
    expect(steps(runtime, 'EXPOSE').map((s) => Number(s.args))).toContain(port);
  });

  it('wires Redis and PostgreSQL by URL to services that exist, with matching credentials', () => {
    const redis = new URL(interpolate(String(environment.REDIS_URL)));
    expect(compose.services[redis.hostname]?.image).toMatch(/^redis:/);
    expect(redis.port).toBe('6379');
    const db = new URL(interpolate(String(environment.DATABASE_URL)));
    const postgres = compose.services[db.hostname];
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(db.port).toBe('5432');
    expect(db.username).toBe(interpolate(postgres.environment.POSTGRES_USER));
    expect(db.password).toBe(interpolate(postgres.environment.POSTGRES_PASSWORD));
    expect(db.pathname).toBe(`/${interpolate(postgres.environment.POSTGRES_DB)}`);
  });

  it('starts the service only after healthy dependencies, keeps their data in named volumes', () => {
    const dependsOn = api.depends_on as Record<string, { condition: string }>;
    expect(Object.keys(dependsOn).sort()).toEqual(['postgres', 'redis']);
    for (const [name, { condition }] of Object.entries(dependsOn)) {
      expect(condition, name).toBe('service_healthy');
      expect(compose.services[name].healthcheck?.test, `${name} healthcheck`).toBeDefined();
    }
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries<any>(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source, target] = String(volume).split(':');
        expect(declared, `${name}: ${source}`).toContain(source);
        if (name === 'api') expect(target).toBe(runtimeEnv.DATA_DIR);
      }
    }
    expect(api.build).toBe('.');
  });

  it('gives the service longer to stop than its own drain of in-flight requests', () => {
    const grace = /graceMs:\s*([\d_]+)/.exec(read('src/main.ts'))?.[1];
    expect(grace, 'src/main.ts passes graceMs to createGracefulShutdown').toBeDefined();
    const stopSeconds = Number(/^(\d+)s$/.exec(api.stop_grace_period)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(Number(grace!.replaceAll('_', '')));
  });
});

describe('README', () => {
  it('tells how to run the production-like stack', () => {
    expect(read('README.md')).toContain('docker compose up');
  });
});
