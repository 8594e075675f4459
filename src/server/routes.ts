// The route table: every path the server answers, in one screen.

import type { Hono } from 'hono';
import { INPUT_LIMITS } from '../tools/index.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { adminKeyAuth, anyKeyAuth } from './middleware/admin-key.ts';
import { apiKeyAuth } from './middleware/api-key.ts';
import { jsonBody } from './middleware/json-body.ts';
import { isKeylessLoopback, orKeylessLoopback } from './middleware/keyless-loopback.ts';
import { chatCompletions } from './routes/chat-completions.ts';
import { responses } from './routes/responses.ts';
import { healthz } from './routes/healthz.ts';
import { operations } from './routes/operations.ts';
import { listModels } from './routes/models.ts';
import { retrieveModel } from './routes/model.ts';
import { embeddings } from './routes/embeddings.ts';
import { ollamaChat } from './routes/ollama-chat.ts';
import { ollamaEmbed } from './routes/ollama-embed.ts';
import { ollamaPs, ollamaShow, ollamaTags } from './routes/ollama-models.ts';
import { ollamaPull } from './routes/ollama-pull.ts';
import { ollamaVersion } from './routes/ollama-version.ts';
import { adminChanges } from './routes/admin-changes.ts';
import { adminConnections } from './routes/admin-connections.ts';
import { mcp } from './routes/mcp.ts';
import { rawBodyLimit } from './middleware/raw-body-limit.ts';
import { page } from './routes/page.ts';
import { uiChat } from './routes/ui-chat.ts';
import { uiPlayground } from './routes/ui-playground.ts';
import { uiStatus } from './routes/ui-status.ts';

/** The largest body /mcp, /admin and /ui take; /v1 and /api take `bodyLimitBytes` (Home Assistant's requests). */
const ADD_ON_BODY = INPUT_LIMITS.requestBodyBytes;

/** Registers every route on `app`. */
export function registerRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/healthz', healthz());
  const ops = operations(deps.metrics, deps.readiness);
  // As open as /v1 (it names backends and addresses): with API keys set, a probe or a scraper sends one.
  app.get('/readyz', apiKeyAuth(deps.apiKeys), ops.readyz);
  app.get('/metrics', apiKeyAuth(deps.apiKeys), ops.metrics);

  app.use('/v1/*', apiKeyAuth(deps.apiKeys));
  app.get('/v1/models', listModels(deps));
  // `{.+}`: a model name may hold a slash (`org/model`), which clients send percent-encoded or not.
  app.get('/v1/models/:id{.+}', retrieveModel(deps));
  app.post('/v1/embeddings', ...jsonBody(deps.bodyLimitBytes), embeddings(deps));
  app.post('/v1/chat/completions', ...jsonBody(deps.bodyLimitBytes), chatCompletions(deps));
  app.post('/v1/responses', ...jsonBody(deps.bodyLimitBytes), responses(deps));

  // The Ollama API, for Home Assistant's Ollama integration and other Ollama clients; errors take its form.
  const ollamaBody = jsonBody(deps.bodyLimitBytes, { anyContentType: true });
  app.use('/api/*', apiKeyAuth(deps.apiKeys));
  app.get('/api/version', ollamaVersion());
  app.get('/api/tags', ollamaTags(deps));
  app.get('/api/ps', ollamaPs(deps));
  app.post('/api/show', ...ollamaBody, ollamaShow(deps));
  app.post('/api/chat', ...ollamaBody, ollamaChat(deps));
  app.post('/api/embed', ...ollamaBody, ollamaEmbed(deps));
  app.post('/api/pull', ollamaPull());

  registerPage(app, deps);

  // The tool add-on: MCP for chats and agents (an API key is required), and the admin API (the admin key).
  if (deps.tools === undefined) return;
  // The add-on's body limit comes first, before the keys are checked or anything reads the body.
  const mcpKeys = {
    required: 'MCP',
    ...(deps.keyConnections === undefined ? {} : { connectionsOf: deps.keyConnections }),
  };
  app.use('/mcp', rawBodyLimit(ADD_ON_BODY), apiKeyAuth(deps.apiKeys, mcpKeys));
  app.all('/mcp', mcp(deps.tools.guard, deps.tools.serverInfo));
  app.use('/admin/*', rawBodyLimit(ADD_ON_BODY));
  const connections = adminConnections(deps.tools.connections);
  const changes = adminChanges(deps.tools, deps.clock);
  // On loopback with no key configured at all, the page's own requests need none here, as the API needs none.
  const isOpen = isKeylessLoopback(deps);
  const admin = orKeylessLoopback(isOpen, adminKeyAuth(deps.adminKey ?? null));
  const anyKey = orKeylessLoopback(isOpen, anyKeyAuth(deps.apiKeys, deps.adminKey ?? null));
  // Any authenticated caller may read the limits; only the administrator changes anything.
  app.get('/admin/policy', anyKey, changes.readPolicy);
  app.use('/admin/*', admin);
  app.put('/admin/policy', changes.savePolicy);
  app.get('/admin/connections', connections.list);
  app.post('/admin/connections', ...jsonBody(ADD_ON_BODY), connections.add);
  app.post('/admin/connections/:name/test', connections.test);
  app.patch('/admin/connections/:name', ...jsonBody(ADD_ON_BODY), connections.update);
  app.delete('/admin/connections/:name', connections.remove);
  app.get('/admin/proposals', changes.listProposals);
  app.post('/admin/proposals/:id/confirm', changes.confirm);
  app.post('/admin/proposals/:id/cancel', changes.cancel);
  app.get('/admin/journal', changes.journal);
}

/**
 * The browser page at `/` and its own endpoints under /ui. Reading the page's status and trying a sentence on the demo
 * home are as open as /v1; anything that reads a connection's home (its playground, the chat) needs a key, except on
 * loopback with no key configured at all.
 */
function registerPage(app: Hono<AppEnv>, deps: AppDeps): void {
  if (deps.page === undefined) return;
  const files = page(deps.page.files);
  app.get('/', files.index);
  app.get('/index.html', files.index);
  app.get('/assets/*', files.asset);
  const readsHome = orKeylessLoopback(isKeylessLoopback(deps), anyKeyAuth(deps.apiKeys, deps.adminKey ?? null));
  const status = uiStatus(deps, deps.page);
  // The admin key opens the page too, when API keys are configured (with none, /ui is open like /v1).
  const pageKeys = deps.apiKeys.length === 0 ? [] : [...deps.apiKeys, ...(deps.adminKey ? [deps.adminKey] : [])];
  // A key limited to named connections reaches only their homes here too (the admin key is never limited).
  const pageKeyConnections = deps.keyConnections === undefined ? {} : { connectionsOf: deps.keyConnections };
  app.use('/ui/*', rawBodyLimit(ADD_ON_BODY), apiKeyAuth(pageKeys, pageKeyConnections));
  app.get('/ui/status', status.status);
  app.get('/ui/assist/recent', status.recent);
  app.post('/ui/playground', ...jsonBody(ADD_ON_BODY), uiPlayground(deps.page, readsHome));
  app.post('/ui/chat', readsHome, ...jsonBody(ADD_ON_BODY), uiChat(deps.page));
}
