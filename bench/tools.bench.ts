// bench:tools — what the tool add-on adds to a read of Home Assistant: MCP `get-state` against a direct GET.
// The official MCP SDK client calls `get-state` over an in-memory transport (as the MCP tests connect), through the
// guard with the default limits (the label exclusion `sensitive` included), against the fake Home Assistant on
// loopback; the direct read is `GET /api/states/<id>` from the same fake with a keep-alive fetch. The two alternate in
// rounds so the machine's noise falls on both alike. Overhead = the medians' (and p99s') difference, and the difference
// of the CPU time per call (the figure that holds on a loaded machine).
// Usage: npm run bench:tools [-- --json] [-- --runs N]

import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Agent, fetch } from 'undici';
import { createHomeAssistantReader } from '../src/homeassistant/index.ts';
import { createMcpServer } from '../src/mcp/server.ts';
import { createToolGuard } from '../src/tools/index.ts';
import { ADMIN_TOKEN, FIXTURE_TOKENS, startFakeHomeAssistant } from '../test/fakes/home-assistant/index.ts';
import { createAddOnHarness } from '../test/tools/add-on-harness.ts';
import { report, summarise, wantsJson } from './support/measure.ts';

const ENTITY_ID = 'light.kitchen';
const json = wantsJson();
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3000;
const ROUND = 100;
const WARMUP = 300;

const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
const reader = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN });
const harness = createAddOnHarness({
  openReader: () => {
    throw new Error('no connection is opened here');
  },
});
const guard = createToolGuard({
  connections: () => [{ name: 'home', address: fake.rootUrl, reader, writer: reader, writeMode: 'ask-first' }],
  limits: harness.addOn.limits.read,
  changes: harness.addOn.changes,
  clock: harness.clock,
});
const server = createMcpServer(guard, { name: 'hearth', version: 'bench' });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const client = new Client({ name: 'bench', version: '1' });
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

const args = { instance: fake.rootUrl, entity_id: ENTITY_ID };
async function viaMcp(): Promise<void> {
  const result = await client.callTool({ name: 'get-state', arguments: args });
  if (result.isError) throw new Error(`get-state was refused: ${JSON.stringify(result.content)}`);
}

const agent = new Agent({ keepAliveTimeout: 60_000 });
const url = `${fake.rootUrl}/api/states/${ENTITY_ID}`;
async function direct(): Promise<void> {
  const response = await fetch(url, { dispatcher: agent, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  await response.json();
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

async function timeOnce(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

for (let i = 0; i < WARMUP; i++) {
  await viaMcp();
  await direct();
}
const mcpSamples: number[] = [];
const directSamples: number[] = [];
// CPU time of the process (client, hearth and the fake all run in it) per call: on a shared, loaded machine the wall
// time mostly measures the queue for a core, the CPU time the work each call costs.
const cpu = { mcp: 0, direct: 0 };
const httpBefore = fake.log.requests.length;
const connectionsBefore = fake.connectionCount;
for (let done = 0; done < RUNS; done += ROUND) {
  let started = process.cpuUsage();
  for (let i = 0; i < ROUND; i++) mcpSamples.push(await timeOnce(viaMcp));
  cpu.mcp += cpuMs(process.cpuUsage(started));
  started = process.cpuUsage();
  for (let i = 0; i < ROUND; i++) directSamples.push(await timeOnce(direct));
  cpu.direct += cpuMs(process.cpuUsage(started));
}
const httpPerCall = (fake.log.requests.length - httpBefore - directSamples.length) / mcpSamples.length;
// Keep-alive on both sides: no TCP connection is opened while measuring.
const connectionsOpened = fake.connectionCount - connectionsBefore;

const mcp = summarise(mcpSamples);
const plain = summarise(directSamples);
const round = (ms: number) => Math.round(ms * 1000) / 1000;
const cpuPerCall = { mcp: round(cpu.mcp / mcpSamples.length), direct: round(cpu.direct / directSamples.length) };
report({ bench: 'tools', case: 'mcp-get-state', http_per_call: httpPerCall, cpu_ms: cpuPerCall.mcp, ...mcp }, json);
report({ bench: 'tools', case: 'direct-get', cpu_ms: cpuPerCall.direct, ...plain }, json);
report(
  {
    bench: 'tools',
    case: 'overhead',
    median_ms: round(mcp.median_ms - plain.median_ms),
    p99_ms: round(mcp.p99_ms - plain.p99_ms),
    cpu_ms: round(cpuPerCall.mcp - cpuPerCall.direct),
    connections_opened: connectionsOpened,
  },
  json,
);

await client.close();
await reader.close();
await agent.close();
await fake.close();
await harness.close();
