#!/bin/sh
# The add-on's start: hearth's configuration from the options Home Assistant saved, then hearth with the ingress port.
set -eu

# The options with an API key: the user's api_keys, or else the key generated on the first start and kept in
# /data/api-key, which api-key.mjs prints in the log and puts into the add-on's options. hearth's API is never open on
# the network without a key.
node /app/addon/api-key.mjs /data/options.json /data/api-key /data/options-with-key.json

# Those options → /data/hearth.yaml (mode 0600: it holds the keys, which never go on a command line).
# A bad option stops the add-on here, with a message that names it.
node /app/addon/options-to-config.mjs /data/options-with-key.json /data/hearth.yaml

# Where hearth asks Ollama for its models when no text_model is set (an address, never a key).
OLLAMA_HOST="$(node /app/addon/options-to-config.mjs --ollama-host /data/options.json)"
export OLLAMA_HOST

# hearth's own data (the connections database, the key that seals their tokens, policy.json) in a folder of its own,
# beside the Supervisor's options.json; /data is kept across updates and included in backups.
HEARTH__DATA_DIR=/data/hearth
export HEARTH__DATA_DIR

# Home Assistant's ingress on 8099 (config.yaml's ingress_port) is forwarded to hearth on 8080, which runs as the
# proxy's child: one process for the Supervisor to watch and stop.
exec node /app/addon/ingress-proxy.mjs --listen 8099 --upstream 8080 --options /data/options-with-key.json -- node /app/bin/hearth.mjs serve --host 0.0.0.0 --config /data/hearth.yaml
