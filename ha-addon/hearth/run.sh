#!/bin/sh
# The add-on's start: hearth's configuration from the options Home Assistant saved, then hearth itself.
set -eu

# /data/options.json → /data/hearth.yaml (mode 0600: it holds the keys, which never go on a command line or in a log).
# A bad option stops the add-on here, with a message that names it.
node /app/addon/options-to-config.mjs /data/options.json /data/hearth.yaml

# Where hearth asks Ollama for its models when no text_model is set (an address, never a key).
OLLAMA_HOST="$(node /app/addon/options-to-config.mjs --ollama-host /data/options.json)"
export OLLAMA_HOST

# hearth's own data (the connections database, the key that seals their tokens, policy.json) in a folder of its own,
# beside the Supervisor's options.json; /data is kept across updates and included in backups.
HEARTH__DATA_DIR=/data/hearth
export HEARTH__DATA_DIR

exec node /app/bin/hearth.mjs serve --host 0.0.0.0 --config /data/hearth.yaml
