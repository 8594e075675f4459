// /admin/connections: list, add, test, enable or disable, and remove Home Assistant connections. Tokens go in, never out.

import type { Context } from 'hono';
import { z } from 'zod';
import { HearthError } from '../../common/index.ts';
import { type ConnectionAdmin, type ConnectionSummary, echo, INPUT_LIMITS } from '../../tools/index.ts';
import type { AppEnv } from '../context.ts';
import { exactBody } from '../exact-body.ts';
import type {
  ConnectionJson,
  ConnectionResponse,
  ConnectionsResponse,
  ConnectionTestResponse,
  ConnectionUpdateRequest,
  ConnectionUpdateResponse,
  NewConnectionRequest,
} from '../page-contract.ts';
import { parseBody } from './parse-body.ts';
import { parseQuery } from './parse-query.ts';

const NewConnectionSchema = exactBody<NewConnectionRequest>()(
  z.strictObject({
    name: z.string(),
    url: z.string(),
    token: z.string(),
    pin: z.string().optional(),
  }),
);

const UpdateSchema = exactBody<ConnectionUpdateRequest>()(
  z.strictObject({
    enabled: z.boolean().optional(),
    write_mode: z.enum(['read-only', 'ask-first', 'act']).optional(),
  }),
);

/** The connection handlers over one {@link ConnectionAdmin}. */
export function adminConnections(admin: ConnectionAdmin) {
  return {
    list: (c: Context<AppEnv>) => {
      parseQuery(z.strictObject({}), c.req.queries(), 'INVALID_QUERY');
      return c.json({ connections: admin.list().map(connectionJson) } satisfies ConnectionsResponse);
    },

    add: async (c: Context<AppEnv>) => {
      const body = parseBody(NewConnectionSchema, c.var.body, 'INVALID_CONNECTION');
      const added = await admin.add(body);
      if (added.kind === 'added')
        return c.json({ connection: connectionJson(added.connection) } satisfies ConnectionResponse, 201);
      if (added.kind === 'taken') throw new HearthError('CONNECTION_TAKEN', added.reason, { param: added.field });
      throw new HearthError('INVALID_CONNECTION', added.reason, { param: added.field });
    },

    test: async (c: Context<AppEnv>) => {
      const result = await admin.test(nameOf(c));
      if (result === undefined) throw unknownConnection(c);
      return c.json(result satisfies ConnectionTestResponse);
    },

    update: (c: Context<AppEnv>) => {
      const name = nameOf(c);
      const update = parseBody(UpdateSchema, c.var.body, 'INVALID_CONNECTION');
      if (admin.list().every((connection) => connection.name !== name)) throw unknownConnection(c);
      if (update.enabled !== undefined) admin.setEnabled(name, update.enabled);
      if (update.write_mode !== undefined) admin.setWriteMode(name, update.write_mode);
      const connection = admin.list().find((candidate) => candidate.name === name);
      return c.json({
        connection: connection === undefined ? null : connectionJson(connection),
      } satisfies ConnectionUpdateResponse);
    },

    remove: async (c: Context<AppEnv>) => {
      if (!(await admin.remove(nameOf(c)))) throw unknownConnection(c);
      return c.body(null, 204);
    },
  };
}

function unknownConnection(c: Context<AppEnv>): HearthError {
  return new HearthError('UNKNOWN_CONNECTION', `There is no connection named ${echo(nameOf(c))}.`);
}

/** The connection named in the path; a name longer than any connection's is refused before it is looked up. */
function nameOf(c: Context<AppEnv>): string {
  const name = c.req.param('name') ?? '';
  const limit = INPUT_LIMITS.connectionNameChars;
  if (name.length > limit)
    throw new HearthError(
      'INVALID_CONNECTION',
      `The connection name is ${name.length} characters, over the limit of ${limit}: ${echo(name)}.`,
      { param: 'name' },
    );
  return name;
}

/** A connection in the API's spelling (never its token). */
function connectionJson(connection: ConnectionSummary): ConnectionJson {
  return {
    name: connection.name,
    address: connection.address,
    pin: connection.pin,
    enabled: connection.enabled,
    write_mode: connection.writeMode,
    created_at: connection.createdAt,
  };
}
