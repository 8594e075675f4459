// One saved Home Assistant connection as a table row, with its switches, its test and its removal.
import type { ConnectionJson, WriteMode } from './types.ts';

/** The write modes in the order of how much they allow, with the words the page shows. */
export const WRITE_MODES: readonly { value: WriteMode; label: string }[] = [
  { value: 'read-only', label: 'Read only' },
  { value: 'ask-first', label: 'Asks you first' },
  { value: 'act', label: 'Acts without asking' },
];

/** The last test of a connection: running, or its result in words. */
export type TestResult = { kind: 'testing' } | { kind: 'done'; isOk: boolean; text: string };

/** What a row asks its view to do. */
export interface ConnectionActions {
  onChange: (name: string, change: { enabled?: boolean; write_mode?: WriteMode }) => void;
  onTest: (name: string) => void;
  onRemove: (name: string) => void;
}

/** One row of the connections table. */
export function ConnectionRow(props: { connection: ConnectionJson; test: TestResult | undefined } & ConnectionActions) {
  const { connection, test } = props;
  const { name } = connection;
  return (
    <tr>
      <th scope="row" data-label="Name">
        {name}
      </th>
      <td data-label="Address" class="address">
        {connection.address}
      </td>
      <td data-label="Certificate" class={connection.pin ? 'pin' : 'muted'}>
        {connection.pin ?? 'no pin'}
      </td>
      <td data-label="Enabled">
        <input
          type="checkbox"
          aria-label={`Enabled: ${name}`}
          checked={connection.enabled}
          onChange={(event) => props.onChange(name, { enabled: event.currentTarget.checked })}
        />
      </td>
      <td data-label="Write mode">
        <select
          aria-label={`Write mode: ${name}`}
          value={connection.write_mode}
          onChange={(event) => props.onChange(name, { write_mode: event.currentTarget.value as WriteMode })}
        >
          {WRITE_MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Actions" class="actions-cell">
        <div class="row-actions">
          <button type="button" class="secondary" aria-label={`Test ${name}`} onClick={() => props.onTest(name)}>
            Test
          </button>
          <button type="button" class="danger" aria-label={`Remove ${name}`} onClick={() => props.onRemove(name)}>
            Remove
          </button>
        </div>
        <span role="status" class={testClass(test)}>
          {describeTest(test)}
        </span>
      </td>
    </tr>
  );
}

function describeTest(test: TestResult | undefined): string {
  if (!test) return '';
  return test.kind === 'testing' ? 'Testing…' : test.text;
}

function testClass(test: TestResult | undefined): string {
  if (test?.kind !== 'done') return 'test-result';
  return test.isOk ? 'test-result ok' : 'test-result bad';
}
