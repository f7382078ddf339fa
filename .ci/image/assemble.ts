/**
 * The image check's build, without Docker (no engine can run here): reads the Dockerfile and
 * builds what its stages would put in the image, from the build context Docker would send (this
 * directory less `.dockerignore`).
 *
 * Usage: node .ci/image/assemble.ts <out>
 * - each stage's COPY (from the context, or `--from=<stage>`) into <out>/<stage>/ (WORKDIR /app);
 * - RUN `npm ci --omit=dev …` in its stage (the production install), RUN `mkdir -p …` too; other
 *   RUN lines (apt-get of the compilers) are the platform's and are reported as skipped;
 * - prints one JSON line: the last stage's folder, its ENV, its USER and its CMD.
 * Anything else in the Dockerfile stops the check: it must be taught, not silently ignored.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, matchesGlob, relative, resolve } from 'node:path';
import { envAssignments, readDockerfile } from '../../testkit/dockerfile.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const out = resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: node .ci/image/assemble.ts <out>');

/** `.dockerignore`'s rules, in order: the last one that matches a path decides. */
const rules = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const keep = l.startsWith('!');
    const pattern = (keep ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
    return { keep, pattern };
  });

/** Whether Docker sends this path (relative to the context) in the build context. */
function inContext(rel: string): boolean {
  let included = true;
  for (const { keep, pattern } of rules) {
    // A rule matching a folder excludes (or keeps) everything under it.
    const parts = rel.split('/');
    const matches = parts.some((_, i) => matchesGlob(parts.slice(0, i + 1).join('/'), pattern));
    if (matches) included = keep;
  }
  return included;
}

/** Copies `from` (context-relative) to `to`, leaving out what the context does not hold. */
function copyFromContext(from: string, to: string): void {
  const source = join(ROOT, from);
  if (!existsSync(source) || !inContext(from)) throw new Error(`COPY ${from}: not in the build context`);
  cpSync(source, to, {
    recursive: true,
    filter: (path) => inContext(relative(ROOT, path) || '.'),
  });
}

interface Stage {
  name: string;
  dir: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
}

const stages: Stage[] = [];
const skipped: string[] = [];
for (const line of readDockerfile()) {
  const [keyword = '', ...rest] = line.split(/\s+/);
  const args = rest.join(' ');
  const stage = stages.at(-1);
  const inStage = (p: string) =>
    join(stage?.dir ?? '', p.startsWith('/') ? p : join(stage?.workdir ?? '/', p));
  switch (keyword.toUpperCase()) {
    case 'FROM': {
      const name = / AS (\S+)$/i.exec(args)?.[1] ?? `stage${stages.length}`;
      stages.push({ name, dir: join(out, name), workdir: '/', env: {} });
      mkdirSync(join(out, name), { recursive: true });
      break;
    }
    case 'WORKDIR':
      if (!stage) throw new Error('WORKDIR before FROM');
      stage.workdir = args;
      mkdirSync(inStage('.'), { recursive: true });
      break;
    case 'ENV':
      if (!stage) throw new Error('ENV before FROM');
      for (const [key, value] of envAssignments(args)) stage.env[key] = value;
      break;
    case 'COPY': {
      if (!stage) throw new Error('COPY before FROM');
      const from = /^--from=(\S+)\s+/.exec(args)?.[1];
      const paths = args.replace(/^--from=\S+\s+/, '').split(/\s+/);
      const dest = paths.pop() ?? '.';
      for (const path of paths) {
        const target = dest.endsWith('/')
          ? join(inStage(dest), path.split('/').pop() ?? path)
          : inStage(dest);
        mkdirSync(dirname(target), { recursive: true });
        if (from) {
          const source = stages.find((s) => s.name === from);
          if (!source) throw new Error(`COPY --from=${from}: no such stage`);
          cpSync(join(source.dir, path), target, { recursive: true });
        } else {
          copyFromContext(path, target);
        }
      }
      break;
    }
    case 'RUN':
      if (!stage) throw new Error('RUN before FROM');
      for (const command of args.split('&&').map((c) => c.trim())) {
        if (/^npm ci --omit=dev\b/.test(command)) {
          execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
            cwd: inStage('.'),
            // Its report on stderr: stdout carries this script's one JSON line.
            stdio: ['ignore', 2, 2],
          });
        } else if (/^mkdir -p /.test(command)) {
          for (const p of command.slice('mkdir -p '.length).split(/\s+/))
            mkdirSync(inStage(p), { recursive: true });
        } else {
          skipped.push(command);
        }
      }
      break;
    case 'USER':
      if (stage) stage.user = args;
      break;
    case 'CMD':
      if (stage) stage.cmd = JSON.parse(args) as string[];
      break;
    case 'STOPSIGNAL':
    case 'HEALTHCHECK':
      break;
    default:
      throw new Error(`the image check does not know ${keyword}: teach .ci/image/assemble.ts`);
  }
}

const last = stages.at(-1);
if (!last?.cmd) throw new Error('the Dockerfile has no CMD');
const app = join(last.dir, last.workdir);
// Nothing that .dockerignore leaves out reached the image (secrets, local state, tests).
for (const forbidden of ['.env', 'secrets', 'test', 'bench', 'node_modules/.bin/tsx', 'node_modules/node']) {
  if (existsSync(join(app, forbidden))) throw new Error(`${forbidden} is in the image`);
}
process.stderr.write(`image check: skipped RUN steps of the platform: ${skipped.join('; ') || 'none'}\n`);
process.stdout.write(`${JSON.stringify({ app, env: last.env, user: last.user, cmd: last.cmd })}\n`);
