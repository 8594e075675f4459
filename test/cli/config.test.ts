// Loading the configuration: defaults, the file, environment overrides, and errors that name the key.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, type ConfigSources } from '../../src/cli/config.ts';
import { definedProps } from '../../src/common/index.ts';

function load(files: Record<string, string>, env: Record<string, string> = {}, explicitPath?: string) {
  const sources: ConfigSources = {
    env,
    readFile: (path) => files[path],
    ...definedProps({ explicitPath }),
  };
  return loadConfig(sources);
}

function loadError(files: Record<string, string>, env: Record<string, string> = {}, explicitPath?: string): string {
  try {
    load(files, env, explicitPath);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected the configuration to be refused');
}

const GEMMA = `
models:
  gemma:
    base_url: http://127.0.0.1:8081/v1
    upstream_model: gemma-4-E2B-it
`;

describe('loadConfig', () => {
  it('starts on the embedded defaults without any file', () => {
    const { config, path } = load({});
    assert.equal(path, undefined);
    assert.deepEqual(config.server, {
      host: '127.0.0.1',
      port: 8080,
      api_keys: [],
      body_limit_mb: 8,
      workers: 1,
      admin_key: null,
    });
    assert.equal(config.data_dir, null);
    assert.deepEqual(config.settings, {
      ha_assist_text_model: null,
      ha_assist_vision_model: null,
      ha_assist_verify_attempts: 2,
      ha_assist_verify_delay: 0.5,
      ha_assist_confirm_sensitive: true,
      ha_assist_confirm_timeout: 60,
      ha_assist_repair_threshold: 0.82,
      ha_assist_repair_margin: 0.05,
      ha_assist_repair_max_edits: 3,
      ha_assist_skeleton_max_distance: 2,
      ha_assist_retrieval_entities: 16,
      ha_assist_retrieval_tools: 8,
      ha_assist_semantic_weight: 0.5,
      ha_assist_max_deterministic_chars: 500,
      ha_assist_max_deterministic_entities: 10_000,
      ha_assist_max_deterministic_ms: 1000,
      ha_assist_max_yaml_depth: 32,
      ha_assist_max_yaml_expansion: 100_000,
    });
    assert.deepEqual(config.models, {});
    assert.equal(config.embeddings, null);
  });

  it('reads ./hearth.yaml, fills model defaults, and accepts a settings model that is enabled', () => {
    const { config, path } = load({ './hearth.yaml': `${GEMMA}settings:\n  ha_assist_text_model: gemma\n` });
    assert.equal(path, './hearth.yaml');
    assert.deepEqual(config.models.gemma, {
      backend: 'openai',
      base_url: 'http://127.0.0.1:8081/v1',
      upstream_model: 'gemma-4-E2B-it',
      enabled: true,
      max_input_tokens: 4096,
      timeouts: { connect: 5, read: 120 },
    });
    assert.equal(config.settings.ha_assist_text_model, 'gemma');
  });

  it('uses --config before HEARTH_CONFIG before ./hearth.yaml', () => {
    const files = {
      'a.yaml': 'server: {port: 1}',
      'b.yaml': 'server: {port: 2}',
      './hearth.yaml': 'server: {port: 3}',
    };
    assert.equal(load(files, { HEARTH_CONFIG: 'b.yaml' }, 'a.yaml').config.server.port, 1);
    assert.equal(load(files, { HEARTH_CONFIG: 'b.yaml' }).config.server.port, 2);
    assert.equal(load(files).config.server.port, 3);
  });

  it('reads an API key limited to named connections beside a plain one', () => {
    const yaml =
      'server:\n  api_keys:\n    - key-number-one-0123\n    - key: key-number-two-0123\n      connections: [cabin]\n';
    const { config } = load({ './hearth.yaml': yaml });
    assert.deepEqual(config.server.api_keys, [
      'key-number-one-0123',
      { key: 'key-number-two-0123', connections: ['cabin'] },
    ]);
  });

  it('applies HEARTH__ overrides over the file, reading numbers and flow lists', () => {
    const { config } = load(
      { './hearth.yaml': GEMMA },
      {
        HEARTH__SERVER__PORT: '9000',
        HEARTH__SERVER__API_KEYS: '[key-number-one-0123, key-number-two-0123]',
        HEARTH__SETTINGS__HA_ASSIST_TEXT_MODEL: 'gemma',
        HEARTH__MODELS__GEMMA__TIMEOUTS__READ: '30',
        HEARTH__SETTINGS__HA_ASSIST_VERIFY_DELAY: '0',
      },
    );
    assert.equal(config.server.port, 9000);
    assert.deepEqual(config.server.api_keys, ['key-number-one-0123', 'key-number-two-0123']);
    assert.equal(config.settings.ha_assist_text_model, 'gemma');
    assert.equal(config.models.gemma?.timeouts.read, 30);
    assert.equal(config.settings.ha_assist_verify_delay, 0);
  });

  const REFUSED: [string, Record<string, string>, Record<string, string>, RegExp][] = [
    [
      'verify attempts above 10',
      { './hearth.yaml': 'settings:\n  ha_assist_verify_attempts: 11\n' },
      {},
      /settings\.ha_assist_verify_attempts: must be from 0 to 10/,
    ],
    [
      'a fractional verify attempt',
      { './hearth.yaml': 'settings:\n  ha_assist_verify_attempts: 1.5\n' },
      {},
      /settings\.ha_assist_verify_attempts: must be a whole number from 0 to 10/,
    ],
    [
      'verify delay above 30 s',
      { './hearth.yaml': 'settings:\n  ha_assist_verify_delay: 31\n' },
      {},
      /settings\.ha_assist_verify_delay: must be from 0 to 30 seconds/,
    ],
    [
      'a repair threshold below 0.5',
      { './hearth.yaml': 'settings:\n  ha_assist_repair_threshold: 0.4\n' },
      {},
      /settings\.ha_assist_repair_threshold: must be from 0\.5 to 1/,
    ],
    [
      'a repair margin above 0.5',
      {},
      { HEARTH__SETTINGS__HA_ASSIST_REPAIR_MARGIN: '0.6' },
      /settings\.ha_assist_repair_margin: must be from 0 to 0\.5/,
    ],
    [
      'a fractional skeleton distance',
      { './hearth.yaml': 'settings:\n  ha_assist_skeleton_max_distance: 1.5\n' },
      {},
      /settings\.ha_assist_skeleton_max_distance: must be a whole number from 0 to 4/,
    ],
    [
      'verify delay as text',
      {},
      { HEARTH__SETTINGS__HA_ASSIST_VERIFY_DELAY: 'soon' },
      /settings\.ha_assist_verify_delay: must be a number from 0 to 30 seconds/,
    ],
    [
      'a settings model that does not exist',
      { './hearth.yaml': 'settings:\n  ha_assist_text_model: gemma\n' },
      {},
      /settings\.ha_assist_text_model: 'gemma' is not an enabled model \(enabled models: none\)/,
    ],
    [
      'a settings model that is disabled',
      { './hearth.yaml': `${GEMMA}    enabled: false\nsettings:\n  ha_assist_vision_model: gemma\n` },
      {},
      /settings\.ha_assist_vision_model: 'gemma' is not an enabled model/,
    ],
    ['an unknown key', { './hearth.yaml': 'server:\n  prot: 80\n' }, {}, /server: unknown key 'prot'/],
    [
      'a model without base_url',
      { './hearth.yaml': 'models:\n  gemma: {}\n' },
      {},
      /models\.gemma\.base_url: is required/,
    ],
    [
      'a non-http base_url',
      { './hearth.yaml': 'models:\n  gemma:\n    base_url: ftp://x\n' },
      {},
      /models\.gemma\.base_url: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      'an unknown backend kind',
      { './hearth.yaml': 'models:\n  gemma:\n    base_url: http://x\n    backend: grpc\n' },
      {},
      /models\.gemma\.backend: must be 'openai'/,
    ],
    [
      'max_input_tokens too small',
      { './hearth.yaml': 'models:\n  gemma:\n    base_url: http://x\n    max_input_tokens: 10\n' },
      {},
      /models\.gemma\.max_input_tokens: must be from 128/,
    ],
    [
      'two models with one name',
      {
        './hearth.yaml':
          'models:\n  a:\n    base_url: http://x\n    model: m\n  b:\n    base_url: http://y\n    model: m\n',
      },
      {},
      /models\.b\.model: 'm' is already the name of models\.a/,
    ],
    [
      'a physical model called HA-Assist',
      { './hearth.yaml': 'models:\n  a:\n    base_url: http://x\n    model: HA-Assist\n' },
      {},
      /models\.a\.model: 'HA-Assist' is the virtual model's name/,
    ],
    [
      'a short API key',
      { './hearth.yaml': 'server:\n  api_keys: [short]\n' },
      {},
      /server\.api_keys\.0: an API key must have at least 16 characters/,
    ],
    [
      'a limited API key without connections',
      { './hearth.yaml': 'server:\n  api_keys: [{key: key-number-one-0123}]\n' },
      {},
      /server\.api_keys\.0: must be a key of at least 16 characters, or \{key: KEY, connections: \[NAME, …\]\}/,
    ],
    ['a port out of range', {}, { HEARTH__SERVER__PORT: '70000' }, /server\.port: must be from 0 to 65535/],
    [
      'a language that is not a code',
      { './hearth.yaml': 'intents:\n  language: English!\n' },
      {},
      /intents\.language: must be a language code/,
    ],
    [
      'a llama-cpp model without model_path',
      { './hearth.yaml': 'models:\n  tiny:\n    backend: llama-cpp\n' },
      {},
      /models\.tiny\.model_path: is required for backend 'llama-cpp'/,
    ],
    [
      'a model_path on an HTTP model',
      { './hearth.yaml': 'models:\n  a:\n    base_url: http://x\n    model_path: /m.gguf\n' },
      {},
      /models\.a\.model_path: is only for backend 'llama-cpp'/,
    ],
    [
      "tokenizer 'model' on an HTTP model",
      { './hearth.yaml': 'models:\n  a:\n    base_url: http://x\n    tokenizer: model\n' },
      {},
      /models\.a\.tokenizer: 'model' needs backend 'llama-cpp'/,
    ],
    [
      '/tokenize on an Ollama model',
      { './hearth.yaml': 'models:\n  a:\n    backend: ollama\n    base_url: http://x\n    tokenizer: vllm\n' },
      {},
      /models\.a\.tokenizer: 'vllm' reads \/tokenize of an OpenAI-compatible server/,
    ],
    [
      'an unknown tokenizer',
      { './hearth.yaml': 'models:\n  a:\n    base_url: http://x\n    tokenizer: gpt2\n' },
      {},
      /models\.a\.tokenizer: must be one of 'model'/,
    ],
    [
      'embeddings without base_url',
      { './hearth.yaml': 'embeddings:\n  backend: openai\n' },
      {},
      /embeddings\.base_url: is required for backend 'openai'/,
    ],
    ['no server workers', {}, { HEARTH__SERVER__WORKERS: '0' }, /server\.workers: must be from 1 to 64/],
    [
      'a retrieval limit of 0 entities',
      { './hearth.yaml': 'settings:\n  ha_assist_retrieval_entities: 0\n' },
      {},
      /settings\.ha_assist_retrieval_entities: must be from 1 to 200/,
    ],
    [
      'a deterministic message limit below 20 characters',
      { './hearth.yaml': 'settings:\n  ha_assist_max_deterministic_chars: 10\n' },
      {},
      /settings\.ha_assist_max_deterministic_chars: must be from 20 to 10000/,
    ],
    [
      'a fractional deterministic entity limit',
      {},
      { HEARTH__SETTINGS__HA_ASSIST_MAX_DETERMINISTIC_ENTITIES: '100.5' },
      /settings\.ha_assist_max_deterministic_entities: must be a whole number from 10 to 100000/,
    ],
    [
      'YAML that does not parse',
      { './hearth.yaml': 'server:\n  port: [1\n' },
      {},
      /hearth\.yaml is not valid YAML at line \d+, column \d+/,
    ],
    ['a YAML list at the top', { './hearth.yaml': '- a\n' }, {}, /must hold a mapping of keys/],
  ];
  for (const [name, files, env, message] of REFUSED) {
    it(`refuses ${name}, naming the key`, () => assert.match(loadError(files, env), message));
  }

  it('accepts a disabled model without base_url or model_path: it is never reached', () => {
    const { config } = load({
      './hearth.yaml':
        'models:\n  later: {enabled: false}\n  local:\n    backend: llama-cpp\n    enabled: false\n  gemma:\n    base_url: http://127.0.0.1:8081/v1\n',
    });
    assert.equal(config.models.later?.enabled, false);
    assert.equal(config.models.later?.base_url, undefined);
    assert.equal(config.models.local?.model_path, undefined);
    assert.equal(config.models.gemma?.enabled, true);
  });

  it('still checks what a disabled entry does hold, and refuses its use as a setting', () => {
    assert.match(
      loadError({ './hearth.yaml': 'models:\n  later:\n    enabled: false\n    base_url: ftp://x\n' }),
      /models\.later\.base_url: must be an http:\/\/ or https:\/\/ URL/,
    );
    assert.match(
      loadError({ './hearth.yaml': 'models:\n  later: {enabled: false}\nsettings:\n  ha_assist_text_model: later\n' }),
      /settings\.ha_assist_text_model: 'later' is not an enabled model \(enabled models: none\)/,
    );
  });

  it('refuses an explicit file that does not exist', () => {
    assert.match(loadError({}, {}, 'missing.yaml'), /The configuration file missing\.yaml does not exist/);
    assert.match(loadError({}, { HEARTH_CONFIG: 'gone.yaml' }), /gone\.yaml does not exist/);
  });

  it('never repeats a secret value in its errors', () => {
    const message = loadError({
      './hearth.yaml':
        'models:\n  a:\n    base_url: http://x\n    api_key: sk-very-secret-value\n    timeouts: {read: 0}\n',
    });
    assert.match(message, /models\.a\.timeouts\.read/);
    assert.doesNotMatch(message, /sk-very-secret-value/);
  });
});

describe('the tool add-on keys', () => {
  it('reads data_dir from HEARTH__DATA_DIR, and names a short admin key by its key', () => {
    assert.equal(load({}, { HEARTH__DATA_DIR: '/srv/hearth' }).config.data_dir, '/srv/hearth');
    assert.throws(
      () => load({ 'h.yaml': 'server:\n  admin_key: short\n' }, {}, 'h.yaml'),
      (error: Error) => /server\.admin_key/.test(error.message),
    );
  });
});

describe('hearth.example.yaml', () => {
  it('is a valid configuration', async () => {
    const { readFileSync } = await import('node:fs');
    const { REPO_ROOT } = await import('../fixtures/data.ts');
    const text = readFileSync(`${REPO_ROOT}/hearth.example.yaml`, 'utf8');
    const { config } = load({ 'hearth.example.yaml': text }, {}, 'hearth.example.yaml');
    assert.equal(config.settings.ha_assist_text_model, 'gemma-4-E2B-it');
    assert.equal(config.models.vlm?.model, 'Qwen2-VL-2B-Instruct');
  });
});
