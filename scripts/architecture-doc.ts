// `npm run docs:architecture`: writes the server's module graph and which module owns which tables
// into docs/architecture.md, between their marker comments, from dependency-cruiser's view of the
// code and the modules' tables.ts. Sorted throughout, so a second
// run without a code change changes nothing; architecture-doc.test.ts fails when the page is stale.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ICruiseResult } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '..');
export const architectureDocPath = path.join(root, 'docs/architecture.md');

export const GRAPH_START = '<!-- module-graph:start: written by `npm run docs:architecture`, do not edit -->';
export const GRAPH_END = '<!-- module-graph:end -->';

// What the running server loads: tests and their helpers (order-fixtures.ts, test-accounts.ts)
// are reached from no entry, so the graph shows the dependencies the store runs with.
const SERVER_ENTRY = 'src/server/main.ts';
const MODULE_FILE = /^src\/server\/modules\/([^/]+)\//;
const SERVER_FILE = /^src\/server\/([^/]+)(\/)?/;

/** One depcruise run over everything the server's entry reaches, with the project's config. */
export async function cruiseServer(): Promise<ICruiseResult> {
  const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const args = [bin, SERVER_ENTRY, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  const options = { cwd: root, maxBuffer: 256 * 1024 * 1024 };
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, options);
    return JSON.parse(stdout) as ICruiseResult;
  } catch (error) {
    // A rule violation makes depcruise exit non-zero; the graph is still worth drawing (lint:deps
    // reports the violation).
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout?.startsWith('{')) return JSON.parse(stdout) as ICruiseResult;
    throw error;
  }
}

type ModuleUse = { module: string; typesOnly: boolean };

export type ModuleGraph = {
  /** Server module names, sorted. */
  modules: string[];
  /** For each module: the other modules it imports, sorted. */
  uses: Map<string, ModuleUse[]>;
  /** For each module: the server layers outside modules/ it imports (`db/`, `errors.ts`), sorted. */
  layers: Map<string, string[]>;
};

/** The cruise collapsed to src/server/modules/<name>: one node per module, one edge per pair. */
export function moduleGraphOf(result: ICruiseResult): ModuleGraph {
  const modules = new Set<string>();
  // from -> to -> true while every import along the edge is type-only
  const edges = new Map<string, Map<string, boolean>>();
  const layers = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = file.source.match(MODULE_FILE)?.[1];
    if (!from) continue;
    modules.add(from);
    for (const dependency of file.dependencies) {
      const to = dependency.resolved.match(MODULE_FILE)?.[1];
      if (to && to !== from) {
        const typesOnly = dependency.dependencyTypes.includes('type-only');
        const targets = edges.get(from) ?? new Map<string, boolean>();
        targets.set(to, (targets.get(to) ?? true) && typesOnly);
        edges.set(from, targets);
      } else if (!to) {
        const layer = dependency.resolved.match(SERVER_FILE);
        if (!layer) continue;
        const found = layers.get(from) ?? new Set<string>();
        found.add(`${layer[1]}${layer[2] ?? ''}`);
        layers.set(from, found);
      }
    }
  }
  const sorted = [...modules].sort();
  return {
    modules: sorted,
    uses: new Map(
      sorted.map((name) => [
        name,
        [...(edges.get(name) ?? [])]
          .map(([module, typesOnly]) => ({ module, typesOnly }))
          // Code-unit order, not the locale's: the same on every machine.
          .sort((a, b) => (a.module < b.module ? -1 : 1)),
      ]),
    ),
    layers: new Map(sorted.map((name) => [name, [...(layers.get(name) ?? [])].sort()])),
  };
}

// Mermaid ids cannot hold every character a folder name can ("bulk-enquiries").
const nodeId = (module: string) => module.replaceAll(/[^A-Za-z0-9]/g, '_');

/** The generated part of docs/architecture.md: a Mermaid graph and the same facts as a table. */
export function renderModuleGraph(graph: ModuleGraph): string {
  const lines = ['```mermaid', 'flowchart LR'];
  // Every module as a node, so one that imports no other still shows.
  for (const module of graph.modules) {
    lines.push(nodeId(module) === module ? `  ${module}` : `  ${nodeId(module)}["${module}"]`);
  }
  for (const module of graph.modules) {
    for (const use of graph.uses.get(module) ?? []) {
      lines.push(`  ${nodeId(module)} ${use.typesOnly ? '-.->' : '-->'} ${nodeId(use.module)}`);
    }
  }
  lines.push('```', '', '| module | uses modules | used by | uses server layers |', '|---|---|---|---|');
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : '-');
  for (const module of graph.modules) {
    const uses = (graph.uses.get(module) ?? []).map((use) =>
      use.typesOnly ? `${use.module} (types)` : use.module,
    );
    const usedBy = graph.modules.filter((other) =>
      (graph.uses.get(other) ?? []).some((use) => use.module === module),
    );
    const layers = (graph.layers.get(module) ?? []).map((layer) => `\`${layer}\``);
    lines.push(`| \`${module}\` | ${list(uses)} | ${list(usedBy)} | ${list(layers)} |`);
  }
  return lines.join('\n');
}

function partOf(doc: string, startMarker: string, endMarker: string): string {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start < 0 || end < start) {
    throw new Error(`docs/architecture.md has lost its markers: ${startMarker} ... ${endMarker}`);
  }
  return doc.slice(start + startMarker.length, end).trim();
}

function withPart(doc: string, startMarker: string, endMarker: string, generated: string): string {
  partOf(doc, startMarker, endMarker); // the markers must be there
  const start = doc.indexOf(startMarker) + startMarker.length;
  return `${doc.slice(0, start)}\n${generated}\n${doc.slice(doc.indexOf(endMarker))}`;
}

/** The module graph's text between its markers, without the newlines that frame it. */
export function generatedPartOf(doc: string): string {
  return partOf(doc, GRAPH_START, GRAPH_END);
}

export function withGeneratedPart(doc: string, generated: string): string {
  return withPart(doc, GRAPH_START, GRAPH_END, generated);
}

export const OWNERS_START =
  '<!-- table-owners:start: written by `npm run docs:architecture`, do not edit -->';
export const OWNERS_END = '<!-- table-owners:end -->';

const modulesDir = path.join(root, 'src/server/modules');

export type TableOwnership = {
  /** For each module with a tables.ts: the names its code imports its tables by, sorted. */
  tables: Map<string, string[]>;
};

/** Each module's tables (decision 0094), read from the modules' tables.ts as the code exports them. */
export async function tablesByModule(): Promise<Map<string, string[]>> {
  const { PgTable } = await import('drizzle-orm/pg-core');
  const { is } = await import('drizzle-orm');
  const tables = new Map<string, string[]>();
  for (const module of fs.readdirSync(modulesDir).sort()) {
    const file = path.join(modulesDir, module, 'tables.ts');
    if (!fs.existsSync(file)) continue;
    const exported: Record<string, unknown> = await import(file);
    const names = Object.entries(exported)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name)
      .sort();
    // A module whose tables.ts holds only views (admin's, decision 0094) owns no table.
    if (names.length > 0) tables.set(module, names);
  }
  return tables;
}

export async function currentOwnership(): Promise<TableOwnership> {
  return { tables: await tablesByModule() };
}

/** The generated ownership table: each module and the tables only its code may import (decision 0094). */
export function renderOwnership(ownership: TableOwnership): string {
  const lines = ['| module | tables |', '|---|---|'];
  for (const [module, names] of ownership.tables) {
    lines.push(`| \`${module}\` | ${names.map((name) => `\`${name}\``).join(', ')} |`);
  }
  const count = [...ownership.tables.values()].reduce((sum, names) => sum + names.length, 0);
  lines.push('', `${count} tables in ${ownership.tables.size} modules.`);
  return lines.join('\n');
}

/** The text between a pair of markers, without the newlines that frame it. */
export function ownershipPartOf(doc: string): string {
  return partOf(doc, OWNERS_START, OWNERS_END);
}

async function writeArchitectureDoc() {
  const doc = fs.readFileSync(architectureDocPath, 'utf8');
  const graph = withGeneratedPart(doc, renderModuleGraph(moduleGraphOf(await cruiseServer())));
  const next = withPart(graph, OWNERS_START, OWNERS_END, renderOwnership(await currentOwnership()));
  if (next === doc) {
    console.log('docs/architecture.md: the module graph and table owners are up to date');
    return;
  }
  fs.writeFileSync(architectureDocPath, next);
  console.log('docs/architecture.md: module graph and table owners written');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeArchitectureDoc();
}
