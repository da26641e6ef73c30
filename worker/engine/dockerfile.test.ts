/**
 * The engine image (worker/engine/Dockerfile) must hold every file the service loads at run time:
 * Docker cannot run here, so this reads the Dockerfile and its dockerignore and checks them against
 * the service's real module graph. A module left out only shows up as ERR_MODULE_NOT_FOUND when the
 * container starts (engine-wire.ts → lib/bytes.ts → lib/images/inspect.ts once did exactly that).
 *
 * The graph starts at worker/engine/service.ts and follows, in every module it reaches:
 * - static imports and re-exports, dynamic `import('…')`, `require('…')` / `require.resolve('…')`;
 * - any string literal that is a relative path to an existing file or folder: the pool's thread entry
 *   (`new URL('./pool-worker.mjs', import.meta.url)`), the upscaler loaded by a computed import
 *   (`optionalModule('./upscale/index.ts')`), model files read from disk (vision/models/…);
 * - a template literal starting with a relative path: its whole folder;
 * - a string literal naming an npm package (`'lucide-static/package.json'`, `` `@upscalerjs/esrgan-${v}` ``).
 * Type-only imports are skipped: they are erased before run time.
 *
 * A second test stages exactly what the Dockerfile copies (after the dockerignore) in a temporary
 * directory, links node_modules, starts the service with the image's CMD and runs an operation.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, copyFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { encodeOperation, ENGINE_RUN_PATH, signEngineRequest } from '../contract/engine-wire';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = 'worker/engine/service.ts';
const DOCKERFILE = 'worker/engine/Dockerfile';
const DOCKERIGNORE = 'worker/engine/Dockerfile.dockerignore';

const toRepo = (absolute: string) => relative(ROOT, absolute).split('\\').join('/');
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const isTest = (path: string) => /\.test\.ts$/.test(path);

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Resolves a relative import as tsx does (extensionless, `.js` written for `.ts`, folder index). */
function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'].map((ext) => base + ext)];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'));
  candidates.push(...['index.ts', 'index.tsx', 'index.mjs', 'index.js'].map((name) => join(base, name)));
  return candidates.find(isFile) ?? null;
}

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
const KNOWN_PACKAGES = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies, ...packageJson.optionalDependencies });
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

interface Graph {
  /** Repository-relative files the service needs at run time (modules and the files they read). */
  files: Set<string>;
  /** npm packages it needs at run time, with one module that needs each. */
  packages: Map<string, string>;
  /** Relative module specifiers that resolve to nothing. */
  unresolved: string[];
}

function runtimeGraph(entry: string): Graph {
  const graph: Graph = { files: new Set(), packages: new Map(), unresolved: [] };
  const queue = [join(ROOT, entry)];
  const addFile = (absolute: string) => {
    const repoPath = toRepo(absolute);
    if (graph.files.has(repoPath)) return;
    graph.files.add(repoPath);
    if (/\.(m?ts|tsx|m?js)$/.test(absolute) && !absolute.endsWith('.d.ts')) queue.push(absolute);
  };
  const addPackage = (name: string, from: string) => {
    if (!graph.packages.has(name)) graph.packages.set(name, toRepo(from));
  };
  while (queue.length > 0) {
    const file = queue.pop()!;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const moduleSpecifier = (specifier: string) => {
      if (specifier.startsWith('.')) {
        const target = resolveModule(file, specifier);
        if (target) addFile(target);
        else graph.unresolved.push(`${toRepo(file)}: ${specifier}`);
      } else if (!isBuiltin(specifier)) addPackage(packageOf(specifier), file);
    };
    /** A string that is not an import but may name a file the module reads, or a package it resolves. */
    const literal = (text: string, isPrefix: boolean) => {
      if (text.startsWith('./') || text.startsWith('../')) {
        const target = resolve(dirname(file), isPrefix ? text.slice(0, text.lastIndexOf('/') + 1) : text);
        if (isDirectory(target)) for (const inside of filesUnder(target)) if (!isTest(inside)) addFile(inside);
        if (!isPrefix && isFile(target)) addFile(target);
        return;
      }
      // A path into a package, a scoped name, or the start of one; a bare word ('lighthouse', 'ws') is too often just a word.
      for (const name of KNOWN_PACKAGES) {
        const named = text.startsWith(`${name}/`) || (text === name && name.startsWith('@'));
        if (named || (isPrefix && text.includes('/') && name.startsWith(text))) addPackage(name, file);
      }
    };
    const visit = (node: ts.Node): void => {
      // Types (including `typeof import('…')`) are erased before run time.
      if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
      if (ts.isImportDeclaration(node)) {
        if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) moduleSpecifier(node.moduleSpecifier.text);
        return;
      }
      if (ts.isExportDeclaration(node)) {
        if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
          moduleSpecifier(node.moduleSpecifier.text);
        return;
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const isLoader =
          callee.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(callee) && callee.text === 'require') ||
          (ts.isPropertyAccessExpression(callee) && callee.getText(source) === 'require.resolve');
        const [first] = node.arguments;
        if (isLoader && first && ts.isStringLiteralLike(first)) {
          moduleSpecifier(first.text);
          node.arguments.slice(1).forEach(visit);
          return;
        }
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal(node.text, false);
      else if (ts.isTemplateHead(node)) literal(node.text, true);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return graph;
}

interface DockerImage {
  workdir: string;
  /** Where each copied context file lands in the image, by its path in the build context. */
  copies: { sources: string[]; destination: string; line: string }[];
  /** `npm ci` / `npm install` runs that leave devDependencies out. */
  omitsDev: boolean;
  cmd: string[];
}

function readDockerfile(text: string): DockerImage {
  const image: DockerImage = { workdir: '/', copies: [], omitsDev: false, cmd: [] };
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of instructions) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (keyword.toUpperCase()) {
      case 'FROM':
        // Only the last stage is the image: what earlier stages copied does not count.
        image.copies = [];
        image.workdir = '/';
        break;
      case 'WORKDIR':
        image.workdir = posix.resolve(image.workdir, args);
        break;
      case 'COPY':
      case 'ADD': {
        const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
        const flags = words.filter((word) => word.startsWith('--'));
        if (flags.some((flag) => flag.startsWith('--from'))) break;
        const paths = words.filter((word) => !word.startsWith('--'));
        const destination = paths.pop()!;
        image.copies.push({ sources: paths, destination, line });
        break;
      }
      case 'RUN':
        if (/\bnpm (ci|install)\b/.test(args)) image.omitsDev = /--omit[= ]dev|--production\b|--only[= ]prod/.test(args);
        break;
      case 'CMD':
        image.cmd = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
        break;
    }
  }
  return image;
}

/** Where a build-context file lands in the image, or null when no COPY takes it. */
function imagePath(image: DockerImage, file: string): string | null {
  let landed: string | null = null;
  for (const copy of image.copies) {
    const destination = posix.resolve(image.workdir, copy.destination);
    const intoDirectory = copy.destination.endsWith('/') || copy.sources.length > 1;
    for (const rawSource of copy.sources) {
      const source = posix
        .normalize(rawSource)
        .replace(/\/$/, '')
        .replace(/^\.\/?/, '');
      if (source === '' || (file.startsWith(`${source}/`) && isDirectory(join(ROOT, source)))) {
        landed = posix.join(destination, source === '' ? file : file.slice(source.length + 1));
      } else if (file === source) {
        landed = intoDirectory ? posix.join(destination, posix.basename(file)) : destination;
      }
    }
  }
  return landed;
}

/** A dockerignore pattern as a regular expression (Go filepath.Match plus `**`, as BuildKit reads it). */
function ignorePattern(pattern: string): RegExp {
  const clean = posix.normalize(pattern).replace(/^\/+/, '').replace(/\/+$/, '');
  let regex = '';
  for (let i = 0; i < clean.length; i++) {
    const char = clean[i]!;
    if (char === '*' && clean[i + 1] === '*') {
      i++;
      if (clean[i + 1] === '/') {
        i++;
        regex += '(?:.*/)?';
      } else regex += '.*';
    } else if (char === '*') regex += '[^/]*';
    else if (char === '?') regex += '[^/]';
    else regex += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${regex}$`);
}

/** Whether the dockerignore keeps a file out of the build context: the last matching pattern wins. */
function ignored(dockerignore: string, file: string): boolean {
  const rules = dockerignore
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ exclude: !line.startsWith('!'), pattern: ignorePattern(line.replace(/^!/, '').trim()) }));
  const parts = file.split('/');
  // A pattern that matches a parent folder matches everything inside it.
  const selfAndParents = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let excluded = false;
  for (const rule of rules) if (selfAndParents.some((path) => rule.pattern.test(path))) excluded = rule.exclude;
  return excluded;
}

const dockerfile = readFileSync(join(ROOT, DOCKERFILE), 'utf8');
const dockerignore = readFileSync(join(ROOT, DOCKERIGNORE), 'utf8');
const image = readDockerfile(dockerfile);
const graph = runtimeGraph(ENTRY);
/** What the image holds, by path inside the image: what the COPY lines take, minus what the dockerignore leaves out. */
function imageContents(): Map<string, string> {
  const sources = image.copies.flatMap((copy) => copy.sources).map((source) => source.replace(/\/$/, ''));
  const candidates = new Set(
    sources.flatMap((source) =>
      isDirectory(join(ROOT, source)) ? filesUnder(join(ROOT, source)).map(toRepo) : isFile(join(ROOT, source)) ? [source] : [],
    ),
  );
  const contents = new Map<string, string>();
  for (const file of candidates) {
    const landed = imagePath(image, file);
    if (landed && !ignored(dockerignore, file)) contents.set(landed, file);
  }
  return contents;
}

describe('engine image (worker/engine/Dockerfile)', () => {
  it('reads the graph the service really loads: the pool thread, the computed upscaler import, model files, lib/', () => {
    expect(graph.unresolved).toEqual([]);
    for (const file of [
      'worker/engine/pool-worker.mjs',
      'worker/engine/pool-task.ts',
      'worker/engine/upscale/index.ts',
      'worker/engine/vision/models/selfie.json',
      'worker/engine/vision/models/selfie.bin',
      'worker/contract/engine-wire.ts',
      'worker/lib/bytes.ts',
      'worker/lib/images/inspect.ts',
    ])
      expect(graph.files).toContain(file);
    for (const name of [
      'sharp',
      'piscina',
      'tsx',
      '@vladmandic/face-api',
      '@upscalerjs/esrgan-slim',
      'lucide-static',
      '@fontsource/noto-sans-tc',
    ])
      expect([...graph.packages.keys()]).toContain(name);
    // No test code, nothing of the web app.
    expect([...graph.files].filter((file) => isTest(file) || file.includes('test-support') || file.startsWith('web/'))).toEqual([]);
  });

  it('copies every file the service loads to the same path under WORKDIR, and the dockerignore lets each through', () => {
    const missing = [...graph.files]
      .sort()
      .map((file) => ({ file, landed: imagePath(image, file), ignored: ignored(dockerignore, file) }))
      .filter(({ file, landed, ignored }) => ignored || landed !== posix.join(image.workdir, file))
      .map(
        ({ file, landed, ignored }) =>
          `${file}: ${landed ? `copied to ${landed}` : 'not copied'}${ignored ? ', excluded by the dockerignore' : ''}`,
      );
    expect(missing).toEqual([]);
    // The CMD's entry and the tsconfig tsx reads are there too.
    const contents = imageContents();
    expect(contents.get(posix.join(image.workdir, ENTRY))).toBe(ENTRY);
    expect(contents.get(posix.join(image.workdir, 'tsconfig.json'))).toBe('tsconfig.json');
    expect(contents.get(posix.join(image.workdir, 'tsconfig.base.json'))).toBe('tsconfig.base.json');
    expect(image.cmd).toContain(ENTRY);
  });

  it('installs every package the service loads: production dependencies when the image omits dev ones', () => {
    // The image installs production dependencies only (`npm ci --omit=dev`): a devDependency would be missing.
    expect(image.omitsDev).toBe(true);
    const installed = image.omitsDev
      ? { ...packageJson.dependencies, ...packageJson.optionalDependencies }
      : { ...packageJson.dependencies, ...packageJson.devDependencies, ...packageJson.optionalDependencies };
    // `node --import tsx …`: the CMD's loader is a package too.
    const cmdImports = image.cmd.flatMap((word, i) => (image.cmd[i - 1] === '--import' ? [packageOf(word)] : []));
    const needed = [...new Set([...graph.packages.keys(), ...cmdImports])].sort();
    expect(needed.filter((name) => !(name in installed)).map((name) => `${name} (used by ${graph.packages.get(name) ?? 'CMD'})`)).toEqual(
      [],
    );
    const contents = imageContents();
    expect(contents.get(posix.join(image.workdir, 'package.json'))).toBe('package.json');
    expect(contents.get(posix.join(image.workdir, 'package-lock.json'))).toBe('package-lock.json');
  });

  it('starts from exactly the staged image files (node_modules linked) and runs an operation in its pool', async () => {
    const stage = mkdtempSync(join(tmpdir(), 'engine-image-'));
    try {
      for (const [landed, file] of imageContents()) {
        const target = join(stage, posix.relative(image.workdir, landed));
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(join(ROOT, file), target);
      }
      symlinkSync(join(ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
      const secret = 'staged-engine-secret-0123456789abcdef';
      const [command, ...args] = image.cmd;
      const child = spawn(command === 'node' ? process.execPath : command!, args, {
        cwd: stage,
        // The image's settings; no loader of the test runner's (NODE_OPTIONS) may help the service start.
        env: {
          ...process.env,
          NODE_OPTIONS: undefined,
          NODE_ENV: 'production',
          ENGINE_SECRET: secret,
          PORT: '0',
          HOST: '127.0.0.1',
          ENGINE_THREADS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      try {
        const port = await new Promise<number>((resolvePort, reject) => {
          child.stdout.on('data', (chunk) => {
            output += chunk;
            const listening = /"port":(\d+)/.exec(output);
            if (listening) resolvePort(Number(listening[1]));
          });
          child.once('exit', (code) => reject(new Error(`the staged service exited (${code}):\n${output}`)));
        });
        const health = await fetch(`http://127.0.0.1:${port}/health`);
        expect(await health.json()).toEqual({ status: 'ok' });
        // A logo SVG runs in a pool thread (pool-worker.mjs → pool-task.ts → the engine) from the staged files.
        const body = encodeOperation({ op: 'logo-svg', brief: '"Harbour Tea"', width: 256, height: 256, seed: 3 });
        const response = await fetch(`http://127.0.0.1:${port}${ENGINE_RUN_PATH}`, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...(await signEngineRequest(secret, body)) },
        });
        expect(response.status, output).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml');
      } finally {
        child.kill('SIGTERM');
        if (child.exitCode === null && child.signalCode === null) await new Promise((done) => child.once('exit', done));
      }
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }, 30_000);
});
