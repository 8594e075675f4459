# hearth's container image: built from this repository, it serves on 0.0.0.0:8080 and keeps its data in /data.
#
#   docker build -t hearth .
#   docker run -d --name hearth -p 8080:8080 -v hearth-data:/data -e OLLAMA_HOST=http://192.168.1.20:11434 hearth
#
# Configure it with HEARTH__ variables (-e HEARTH__LOG__LEVEL=debug; a list as a YAML flow list:
# HEARTH__SERVER__API_KEYS='[first-key-of-16-chars, second-key-of-16-chars]'), or mount a configuration file read-only
# and name it: -v ./hearth.yaml:/etc/hearth/hearth.yaml:ro -e HEARTH_CONFIG=/etc/hearth/hearth.yaml. Keys passed with
# -e show in `docker inspect`: a mounted file keeps them out of it. Inside the container 127.0.0.1 is the container
# itself: name Ollama and every model server by an address the container can reach. A bind-mounted /data must belong to
# uid 1000 (node).

# --- builder: install exactly what the lock file says, build the program and the page, drop the dev dependencies.
FROM node:20-bookworm-slim AS builder
# better-sqlite3 compiles its native module with node-gyp when no prebuilt one matches this Node and platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# NODE_LLAMA_CPP_SKIP_DOWNLOAD: node-llama-cpp's postinstall would otherwise test its prebuilt binaries and, when none
# loads, download llama.cpp's sources and compile them. hearth only ever loads the prebuilt CPU binary that comes with
# the package (src/backends/llama-cpp/runtime.ts: gpu: false, build: 'never'), so the build needs no download.
# npm_config_nodedir: node-gyp builds against the headers this image ships instead of downloading them.
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true \
  npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
# `npm ci` would run the project's prepare script, which is the build, before the sources are here: scripts are held
# back, then `npm rebuild` runs the dependencies' own (better-sqlite3's native module, node-llama-cpp's postinstall).
# The dependencies stay a cached layer of their own until the lock file changes.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
RUN npm run build \
  && test -f dist/cli/main.js \
  && test -f dist/web/index.html \
  && npm prune --omit=dev --no-audit --no-fund
# node-llama-cpp installs prebuilt binaries for several CPUs and GPUs (CUDA and Vulkan alone are ~600 MB on amd64);
# hearth runs llama.cpp on the CPU only, so only this platform's CPU build is kept.
RUN keep="linux-$(node -p process.arch)" \
  && if [ -d node_modules/@node-llama-cpp ]; then \
    for dir in node_modules/@node-llama-cpp/*; do \
      if [ "$(basename "$dir")" != "$keep" ]; then rm -rf "$dir"; fi; \
    done; \
  fi

# --- runtime: the built program and its production dependencies, run as the unprivileged `node` user (uid 1000).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HEARTH__DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to `node`: the program cannot change itself.
COPY --from=builder /app/package.json ./package.json
COPY --from=builder /app/node_modules ./node_modules
COPY --from=builder /app/dist ./dist
COPY bin ./bin
COPY LICENSE ./LICENSE
# hearth's data folder (SQLite database, secret.key, policy.json): private to `node`. A new named volume takes this
# owner and mode from the image.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME /data
EXPOSE 8080
# The slim image has no curl: Node's own fetch asks /healthz (no key needed), and fails after 4 s without an answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz', { signal: AbortSignal.timeout(4000) }).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# hearth stops cleanly on SIGTERM (docker stop) as PID 1: it handles the signal itself.
CMD ["node", "bin/hearth.mjs", "serve", "--host", "0.0.0.0"]
