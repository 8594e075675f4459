// Turns a zod validation failure of a request into one OpenAI-style message that names the field.

import type { z } from 'zod';
import { HearthError, safeParseJson } from '../common/index.ts';

/** The field a request error is about and what is wrong with it. */
export interface FieldProblem {
  /** The field path in the request, e.g. `messages[1].content`. */
  param: string;
  message: string;
}

type Issue = z.core.$ZodIssue;

/** Writes a path the way people read it: `tools[0].function.name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

/** Parses a request body with `schema`; a failure throws an `invalid_request` error naming the first bad field. */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = safeParseJson(schema, body);
  if (parsed.success) return parsed.data;
  const problem = describeIssues(parsed.error.issues);
  const options = problem.param === '' ? {} : { param: problem.param };
  throw new HearthError('INVALID_REQUEST', problem.message, options);
}

/** The first problem of a failed parse, descending into unions to the branch that got furthest. */
export function describeIssues(issues: readonly Issue[]): FieldProblem {
  const issue = issues[0];
  if (issue === undefined) return { param: '', message: 'The request is invalid.' };
  return describeIssue(issue, []);
}

function describeIssue(issue: Issue, prefix: readonly PropertyKey[]): FieldProblem {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = furthestBranch(issue.errors);
    if (branch !== undefined) return describeIssue(branch, path);
    return {
      param: formatPath(path),
      message: `Invalid type for '${formatPath(path)}': expected ${expectedTypes(issue.errors)}.`,
    };
  }
  const param = formatPath(path);
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return { param, message: `Missing required parameter: '${param}'.` };
  }
  return { param, message: `Invalid value for '${param}': ${lowerFirst(issue.message)}.` };
}

/** The union branch whose first issue lies deepest; undefined when every branch failed at the top. */
function furthestBranch(branches: readonly (readonly Issue[])[]): Issue | undefined {
  let best: Issue | undefined;
  for (const branch of branches) {
    const first = branch[0];
    if (first === undefined || (first.path.length === 0 && first.code === 'invalid_type')) continue;
    if (best === undefined || first.path.length > best.path.length) best = first;
  }
  return best;
}

function expectedTypes(branches: readonly (readonly Issue[])[]): string {
  const names = new Set<string>();
  for (const branch of branches) {
    const first = branch[0];
    if (first?.code === 'invalid_type') names.add(String(first.expected));
  }
  return names.size > 0 ? [...names].join(' or ') : 'another type';
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}
